import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { ApiError } from '../errors/ApiError';
import { apiCall, ApiCallOptions } from './apiCall';
import { clientCommand, ClientCommandOptions } from './clientCommand';
import { makeTransformer, MakeTransformerOptions } from './makeTransformer';
import { openApiCommand, OpenApiCommandOptions } from './openApi';
import { packageVersion } from './packageRoot';
import { publishConfig } from './publishConfig';

const collect = (value: string, previous: string[]) => [...previous, value];

/** The `rc-api` program; `write` receives normal output. */
function program(write: (text: string) => void, exit: (code: number) => void): Command {
  const cli = new Command('rc-api').description('routing-controllers-api command line').version(packageVersion()).exitOverride();
  cli
    .command('make:transformer')
    .description('Write <transformer.dir>/<Subject>Transformer.ts with the template fields and one include method per --includes entry')
    .argument('<subject>', 'the model class name, e.g. Book')
    .option('--includes <list>', 'comma-separated Model:relation[:true] (true: a collection), e.g. Author:author,Comment:comments:true')
    .option('--force', 'overwrite an existing file')
    .option('--dir <dir>', 'where to write (default: config transformer.dir)')
    .option('--model <path>', 'the model file to import the type from (default: src/models/<Subject>.ts when it exists)')
    .option('--from <module>', 'the module to import the library from', 'routing-controllers-api')
    .option('--route <prefix>', 'route name prefix of the show route (default: v1.<subject>s)')
    .action((subject: string, options: MakeTransformerOptions) => write(`${makeTransformer(subject, options)}\n`));
  cli
    .command('api:call')
    .description('Send one request into the app, no server needed (or to a remote host for an absolute URL), and print the answer')
    .argument('<target>', 'a path of the app (/v1/books/1) or an absolute http(s) URL')
    .option('-X, --request <method>', 'GET, POST, PUT, PATCH, DELETE or HEAD', 'GET')
    .option('-d, --data <data>', 'query (GET) or JSON body (POST/PUT/PATCH): "k=v&k2=v2" or a JSON object')
    .option('-H, --header <header>', '"Name: value", repeatable', collect, [])
    .option('--app <module>', 'the module exporting the app (default: package.json rcApi.app, else src/app)')
    .option('-i, --include', 'print the response headers after the status line, as curl -i does')
    .action(async (target: string, options: ApiCallOptions) => exit(await apiCall(target, options, write)));
  cli
    .command('openapi')
    .description("Write the app's OpenAPI 3.1 document (routes, parameters, bodies, responses, errors) to --out, or print it")
    .option('--out <file>', 'the file to write (default: print it)')
    .option('--app <module>', 'the module exporting the app (default: package.json rcApi.app, else src/app)')
    .option('--title <title>', 'info.title (default: package.json name)')
    .option('--api-version <version>', 'info.version (default: package.json version)')
    .action((options: OpenApiCommandOptions) => openApiCommand(options, write));
  cli
    .command('client')
    .description("Write the app's route table for the typed client (routing-controllers-api/client); --check fails when it is stale")
    .requiredOption('--out <file>', 'the file to write, e.g. src/client.gen.ts')
    .option('--check', 'write nothing; exit 1 when the file is missing or would change')
    .option('--depth <n>', 'include levels the types follow (1 to 5, at most the server cap)', '3')
    .option('--from <module>', 'the module to import the client types from', 'routing-controllers-api/client')
    .option('--app <module>', 'the module exporting the app (default: package.json rcApi.app, else src/app)')
    .action(async (options: ClientCommandOptions) => exit(await clientCommand(options, write)));
  cli
    .command('publish:config')
    .description('Write the documented config/api.ts (or config/api.js) into the current project')
    .option('--format <format>', 'ts, or js for an app that runs compiled without a TypeScript loader', 'ts')
    .option('--force', 'overwrite an existing file')
    .action((options: { force?: boolean; format?: string }) => write(`${publishConfig(options)}\n`));
  return cli;
}

/**
 * Runs the command line and answers the exit code: 0, 1 for a failed request or refused
 * command, commander's own code for usage errors.
 */
export async function main(argv: string[], write = (text: string) => void process.stdout.write(text)): Promise<number> {
  let code = 0;
  try {
    await program(write, (exitCode) => (code = exitCode)).parseAsync(argv);
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    process.stderr.write(`rc-api: ${error instanceof ApiError ? error.message : ((error as Error).stack ?? String(error))}\n`);
    return 1;
  }
}
