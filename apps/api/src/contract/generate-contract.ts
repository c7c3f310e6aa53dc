import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_MODULES } from '../app.module';
import { buildOpenApiDocument } from './openapi-document';
import { controllersOf } from './route-catalogue';

/**
 * `node apps/api/dist/contract/generate-contract.js [file]`: the contract of the built API as JSON
 * (stdout without a file). Run by `npm run contract` and `npm run contract:check` (apps/devstack/bin/contract.mjs).
 */
export function contractText(): string {
  const document = buildOpenApiDocument(controllersOf(API_MODULES), join(__dirname, '../../tsconfig.json'));
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (require.main === module) {
  const text = contractText();
  const file = process.argv[2];
  if (file) writeFileSync(file, text);
  else process.stdout.write(text);
}
