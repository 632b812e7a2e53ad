/**
 * The layers of src/ (STYLE.md, "Layers"): a folder imports only from folders below it, type-only
 * imports included, and no module closes a cycle. `npm run lint` runs it (`npm run lint:layers`).
 * A folder not listed is refused: a new folder takes its place in this table.
 */
const LAYERS = [
  ['errors', 'validation', 'text', 'model', 'metadata', 'observe', 'policy'],
  ['config', 'routing'],
  ['context'],
  ['query'],
  ['loader'],
  ['transformer', 'pagination'],
  ['jsonapi', 'serializer', 'response'],
  ['helpers', 'dispatcher'],
  ['composition'],
  ['integration', 'openapi'],
  ['client'],
  ['cli'],
];

const folders = (levels) => `^src/(${levels.flat().join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A module that reaches itself again through its imports: cut the cycle (move the shared part down).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...LAYERS.slice(0, -1).map((level, index) => ({
      name: `layer-${index}-upward`,
      severity: 'error',
      comment: `${level.join(', ')} import only from the layers below them (STYLE.md, "Layers")`,
      from: { path: folders([level]) },
      to: { path: folders(LAYERS.slice(index + 1)) },
    })),
    {
      name: 'no-unplaced-folder',
      severity: 'error',
      comment: 'Every folder of src/ has a layer in .dependency-cruiser.cjs',
      from: { path: '^src/', pathNot: [folders(LAYERS), '^src/index\\.ts$'] },
      to: {},
    },
    {
      name: 'walk-imports-no-sql',
      severity: 'error',
      comment:
        'The include walk reaches the database through the RelationLoader it is given (render() gives sqlRelationLoader): no SQL module in src/transformer, types aside',
      from: { path: '^src/transformer/' },
      to: {
        path: '^src/loader/',
        pathNot: '^src/loader/(RelatedRef|isModel|inMemory|aggregateInMemory|sortKey)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'client-runs-anywhere',
      severity: 'error',
      comment:
        'routing-controllers-api/client runs in browsers: its modules reach the server only for types (typedApi, which runs the app, is exported from the main entry)',
      from: { path: '^src/client/', pathNot: '^src/client/typedApi\\.ts$' },
      to: { path: '^src/(?!client/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'index-is-the-top',
      severity: 'error',
      comment: 'src/index.ts is the public surface: nothing inside src/ imports it',
      from: { path: '^src/' },
      to: { path: '^src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
