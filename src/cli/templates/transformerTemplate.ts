import { pascalCase } from '../../text/caseStyles';

/** One `--includes` entry: `Model:relation[:true]`. */
export interface IncludeSpec {
  model: string;
  relation: string;
  collection: boolean;
  /** Import path of `<Model>Transformer` when that file exists already. */
  transformerImport?: string;
}

export interface TransformerTemplate {
  subject: string;
  includes: IncludeSpec[];
  /** Import path of the model class, or none to declare the fields read locally. */
  modelImport?: string;
  /** Where the library is imported from. */
  from: string;
  /** The route name prefix of the show route: `v1.books`. */
  routePrefix: string;
}

const lowerFirst = (name: string) => name[0].toLowerCase() + name.slice(1);

/** The type of a model's resources, the same rule as the route prefix: `Author` is `authors`. */
export const resourceKeyOf = (model: string) => `${model.toLowerCase()}s`;

function includeMethod(spec: IncludeSpec, variable: string, subject: string): string {
  // The resource key is given, so that an included author has the type /v1/authors answers with.
  const transformer = `, ${spec.transformerImport ? `new ${spec.model}Transformer()` : 'undefined'}, '${resourceKeyOf(spec.model)}'`;
  if (spec.collection) {
    return [
      `  /** ?include=${spec.relation}:limit(n|offset):sort(key|dir): applied per ${variable}, one query for all of them. */`,
      `  include${pascalCase(spec.relation)}(${variable}: ${subject}) {`,
      `    return this.collection(this.related(${variable}, '${spec.relation}')${transformer});`,
      '  }',
    ].join('\n');
  }
  return [
    `  /** ?include=${spec.relation}: loaded for all ${variable}s at once. */`,
    `  include${pascalCase(spec.relation)}(${variable}: ${subject}) {`,
    `    return this.item(this.related(${variable}, '${spec.relation}')${transformer});`,
    '  }',
  ].join('\n');
}

/**
 * The source of a generated transformer: the template fields (`id`, `created`, `link`) and one
 * include method per `--includes` entry, each loading its relation for all parents at once.
 */
export function transformerSource(template: TransformerTemplate): string {
  const { subject, includes, modelImport, from, routePrefix } = template;
  const variable = lowerFirst(subject);
  const imports = [
    ...(modelImport ? [`import type { ${subject} } from '${modelImport}';`] : ["import type { Model } from 'sequelize';"]),
    `import { route, Transformer } from '${from}';`,
    ...includes.filter((spec) => spec.transformerImport).map((spec) => `import { ${spec.model}Transformer } from '${spec.transformerImport}';`),
  ];
  const localModel = modelImport
    ? []
    : [
        '',
        `/** What this transformer reads of a ${variable}: any Sequelize model with an id and timestamps. */`,
        `interface ${subject} extends Model {`,
        '  id: number;',
        '  createdAt: Date;',
        '}',
      ];
  const methods = includes.map((spec) => `\n${includeMethod(spec, variable, subject)}`);
  return [
    ...imports,
    ...localModel,
    '',
    `export class ${subject}Transformer extends Transformer<${subject}> {`,
    `  availableIncludes = [${includes.map((spec) => `'${spec.relation}'`).join(', ')}];`,
    '',
    `  transform(${variable}: ${subject}) {`,
    '    return this.buildPayload({',
    `      id: Number(${variable}.id),`,
    `      created: ${variable}.createdAt.toISOString(),`,
    `      link: { rel: 'self', href: route('${routePrefix}.show', { id: ${variable}.id }) },`,
    '    });',
    '  }',
    ...methods,
    '}',
    '',
  ].join('\n');
}
