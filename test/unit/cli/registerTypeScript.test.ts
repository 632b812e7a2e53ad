import { expect } from 'chai';
import { LoaderHost, registerTypeScript } from '../../../src/cli/loadApp';

/** A project that has these loader packages; `register` of each does what the test says. */
function host(packages: Record<string, () => void>): LoaderHost & { registered: string[] } {
  const registered: string[] = [];
  return {
    registered,
    extensions: {},
    resolve: (id) => (id in packages ? `/project/node_modules/${id}` : null),
    load: (file) => {
      const id = file.replace('/project/node_modules/', '');
      return {
        register: () => {
          packages[id]();
          registered.push(id);
        },
      };
    },
  };
}

describe('registerTypeScript()', () => {
  it('uses ts-node when it starts', () => {
    const project = host({ 'ts-node': () => undefined, 'tsx/cjs/api': () => undefined });
    expect(registerTypeScript(['/project'], project)).to.deep.equal({ loader: 'ts-node' });
    expect(project.registered).to.deep.equal(['ts-node']);
  });

  it('falls back to tsx where ts-node is installed but cannot start (TypeScript 7)', () => {
    const failing = () => {
      throw new Error('ts.transpileModule is not a function');
    };
    const project = host({ 'ts-node': failing, 'tsx/cjs/api': () => undefined });
    expect(registerTypeScript(['/project'], project)).to.deep.equal({ loader: 'tsx' });
  });

  it('says why nothing could load TypeScript, naming what failed, instead of asking to install what is there', () => {
    const failing = () => {
      throw new Error('ts.transpileModule is not a function');
    };
    const result = registerTypeScript(['/project'], host({ 'ts-node': failing }));
    expect(result.loader).to.equal(null);
    expect(result.problem).to.match(/^ts-node is installed but could not start \(ts\.transpileModule is not a function\): TypeScript 7 .* install tsx$/);
    expect(registerTypeScript(['/project'], host({}))).to.deep.equal({ loader: null, problem: undefined });
  });

  it('does nothing where .ts files load already', () => {
    const project = host({ 'ts-node': () => undefined });
    expect(registerTypeScript(['/project'], { ...project, extensions: { '.ts': () => undefined } })).to.deep.equal({ loader: 'registered' });
    expect(project.registered).to.deep.equal([]);
  });
});
