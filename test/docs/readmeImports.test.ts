import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import * as decorators from '../../decorators';
import * as main from '../../src';

const ROOT = path.resolve(__dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** Every `import ... from 'routing-controllers-api[/...]'` of the README, as written (multi-line ones too). */
function readmeImports(): string[] {
  return [...README.matchAll(/^import (?:type )?\{[^}]*\} from 'routing-controllers-api(?:\/[\w-]+)?';$/gm)].map((match) => match[0]);
}

describe("README's imports", () => {
  it('compile against the package entries: every name the README imports is exported where it says', function () {
    this.timeout(60_000);
    const imports = readmeImports();
    expect(imports.length, 'the README shows imports of the package').to.be.greaterThan(5);
    // The package's entries, as the exports map names them: '.' is src/index.ts, './decorators' decorators/index.ts.
    // Each import in a module of its own, as each README snippet is.
    const sources = new Map(
      imports.map((line, i) => [
        path.join(ROOT, `test/unit/__readmeImport${i}.ts`),
        `${line
          .replace("'routing-controllers-api/decorators'", "'../../decorators'")
          .replace("'routing-controllers-api/client'", "'../../src/client'")
          .replace("'routing-controllers-api'", "'../../src'")}\nexport {};\n`,
      ]),
    );
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => sources.get(path.resolve(name)) ?? readFile(name);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => sources.has(path.resolve(name)) || fileExists(name);
    const program = ts.createProgram([...sources.keys()], { ...config.options, noEmit: true, noUnusedLocals: false }, host);
    const errors = [...sources.keys()].flatMap((file) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => `${sources.get(file)!.split('\n')[0]}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`),
    );
    expect(errors).to.deep.equal([]);
  });

  it('every curl command whose URL holds [ or ] says -g (without it curl reads them as a glob, exits 3 and prints nothing)', () => {
    const commands = README.split('\n').filter((line) => /\bcurl\s/.test(line) && /https?:\/\/\S*[[\]]|'[^']*localhost[^']*[[\]][^']*'/.test(line));
    expect(commands.length, 'the README shows such commands').to.be.greaterThan(3);
    for (const command of commands) expect(command, command).to.match(/\bcurl (-\w+ )*-g\b|\bcurl -g\b/);
  });

  it('every decorator of routing-controllers-api/decorators imports from the main entry too (@Transformer as UseTransformer)', () => {
    for (const [name, value] of Object.entries(decorators)) {
      const exported = name === 'Transformer' ? main.UseTransformer : (main as Record<string, unknown>)[name];
      expect(exported, name).to.equal(value);
    }
  });
});
