#!/usr/bin/env node
'use strict';
// The rc-api command. In a checkout (src/ present, ts-node installed) it runs the TypeScript
// sources, so it never runs a stale build; an installed package runs dist/.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const source = path.join(root, 'src', 'cli', 'main.ts');

function load() {
  if (fs.existsSync(source)) {
    try {
      require(require.resolve('ts-node', { paths: [root] })).register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
      return require(source);
    } catch (error) {
      if (error.code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  return require(path.join(root, 'dist', 'src', 'cli', 'main.js'));
}

load()
  .main(process.argv)
  .then((code) => {
    // The app module may hold open connections (a database): leave once the output is written.
    process.stdout.write('', () => process.exit(code));
  });
