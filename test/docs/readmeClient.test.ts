import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe("README's typed client", () => {
  it("compiles under strict against the example's generated table, as a user of the package writes it", function () {
    this.timeout(60_000);
    const block = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.includes('createClient<Routes>'));
    expect(block, 'the README shows the typed client').to.be.a('string');
    const code = block!
      .replace(/^ {3}/gm, '')
      .replace("'routing-controllers-api/client'", "'../../src/client'")
      .replace("'./client.gen'", "'../../example/client.gen'");
    const file = path.join(ROOT, 'test/docs/__readmeClient.ts');
    const source = `declare const token: string;\n${code}\nexport {};\n`;
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const options = { ...config.options, noEmit: true, noUnusedLocals: false, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
    const errorsOf = (text: string) => {
      const host = ts.createCompilerHost(options);
      const readFile = host.readFile.bind(host);
      host.readFile = (name) => (path.resolve(name) === file ? text : readFile(name));
      const fileExists = host.fileExists.bind(host);
      host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
      const program = ts.createProgram([file], options, host);
      return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    };
    expect(errorsOf(source)).to.deep.equal([]);
    // The comment's claim: naming a field the fieldset left out is an error.
    expect(errorsOf(source.replace('// page.data[0].description:', 'page.data[0].description; //')).join('\n')).to.match(
      /Property 'description' does not exist/,
    );
  });
});
