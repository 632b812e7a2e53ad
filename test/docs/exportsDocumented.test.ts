import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

/** The package's entries, as the exports map names them. */
const ENTRIES = ['src/index.ts', 'src/client/index.ts', 'decorators/index.ts'];

describe('the public surface', () => {
  it('documents every name the package exports (a TSDoc comment beside its declaration), so that the reference has something to say of each', function () {
    this.timeout(60_000);
    const files = ENTRIES.map((entry) => path.join(ROOT, entry));
    const program = ts.createProgram(files, {
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const missing: string[] = [];
    for (const [index, file] of files.entries()) {
      const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!);
      expect(exported.length, ENTRIES[index]).to.be.greaterThan(5);
      for (const symbol of exported) {
        const declared = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        if (ts.displayPartsToString(declared.getDocumentationComment(checker)).trim() === '') missing.push(`${ENTRIES[index]}: ${symbol.name}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });
});
