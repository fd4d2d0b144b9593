/**
 * The generated part of docs/api.md (`npm run docs:api`): every route of the OpenAPI document the API
 * serves at /docs/json, with its authentication, parameters, body fields, answer and status codes. The app
 * is built as the API tests build it (in-memory database), and asked for its document (`app.swagger()`).
 */
import { join } from 'node:path';
import { buildApp } from '../../api/app';
import { openScratchDatabase } from '../../api/db/open-for-script';
import { projectRoot } from '../lib/processes';
import { formatMarkdown, markdownTable, readDocument, replaceGeneratedPart } from './markdown';

export const API_DOC = 'docs/api.md';
const COMMAND = 'npm run docs:api';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The OpenAPI document of the API as it is built now. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const { config, database } = await openScratchDatabase('docs');
  try {
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** What a status code means wherever the route's own description says nothing more. */
const STATUS_MEANINGS: Record<string, string> = {
  '200': 'OK',
  '201': 'created',
  '204': 'done, no body',
  '303': 'see other',
  '304': 'not modified (`If-None-Match`)',
  '400': 'refused',
  '401': 'not signed in, or an invalid token',
  '403': 'not allowed',
  '404': 'not found',
  '409': 'conflict',
  '413': 'too large',
  '415': 'unsupported media type',
  '422': 'validation failed (`errors` lists every field)',
  '423': 'thread locked',
  '429': 'rate limited (`Retry-After`)',
  '503': 'unhealthy',
};

const GENERIC_DESCRIPTIONS = new Set(['Default Response', 'No content']);
const LARGEST_SAFE = Number.MAX_SAFE_INTEGER;

/** A short type: `integer 1–100`, `string ≤ 120`, `MANHWA, MANGA or MANHUA`, `array of object`. */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeText))].join(' or ');
  let text: string;
  if (schema.enum) text = enumText(schema.enum);
  else if (schema.const !== undefined) text = `\`${String(schema.const)}\``;
  else if (schema.format === 'binary') text = 'file';
  else if (schema.type === 'integer' || schema.type === 'number') text = `${schema.type}${rangeText(schema)}`;
  else if (schema.type === 'string') text = `string${lengthText(schema)}`;
  else if (schema.type === 'array') text = `array of ${typeText(schema.items)}`;
  else text = schema.type ?? 'any';
  return schema.nullable ? `${text} or null` : text;
}

function enumText(values: unknown[]): string {
  const quoted = values.map((value) => `\`${String(value)}\``);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function rangeText({ minimum, maximum }: JsonSchema): string {
  const min = minimum !== undefined && minimum > -LARGEST_SAFE ? minimum : undefined;
  const max = maximum !== undefined && maximum < LARGEST_SAFE ? maximum : undefined;
  if (min !== undefined && max !== undefined) return ` ${min}–${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return '';
}

function lengthText({ minLength, maxLength }: JsonSchema): string {
  if (minLength !== undefined && minLength > 0 && maxLength !== undefined)
    return ` (${minLength}–${maxLength} characters)`;
  if (maxLength !== undefined) return ` (≤ ${maxLength} characters)`;
  if (minLength !== undefined && minLength > 0) return ` (≥ ${minLength} characters)`;
  return '';
}

function authText(security: Operation['security']): string {
  if (!security || security.length === 0) return 'none';
  const optional = security.some((requirement) => Object.keys(requirement).length === 0);
  return optional ? 'optional bearer token (answers differ when signed in)' : 'bearer token';
}

/** The answer's shape in one line: its type and, for objects, the names of their fields. */
function answerText(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.type === 'array' && schema.items?.properties)
    return `array of objects: ${fieldNames(schema.items)}`;
  if (schema.properties) return `object: ${fieldNames(schema)}`;
  return typeText(schema);
}

function fieldNames(schema: JsonSchema): string {
  return Object.keys(schema.properties ?? {})
    .map((name) => `\`${name}\``)
    .join(', ');
}

function parametersTable(parameters: NonNullable<Operation['parameters']>): string {
  return markdownTable(
    ['Parameter', 'In', 'Type', 'Default', 'Meaning'],
    parameters.map((parameter) => [
      `\`${parameter.name}\`${parameter.required ? '' : ' (optional)'}`,
      parameter.in,
      typeText(parameter.schema),
      defaultText(parameter.schema?.default),
      parameter.description ?? parameter.schema?.description ?? '',
    ]),
  );
}

function defaultText(value: unknown): string {
  if (value === undefined) return '';
  return value === '' ? 'empty' : `\`${String(value)}\``;
}

function bodyText(body: NonNullable<Operation['requestBody']>): string {
  const types = Object.keys(body.content);
  const schema = Object.values(body.content).find((content) => content.schema)?.schema;
  const lines = [`Body (${types.map((type) => `\`${type}\``).join(', ')}):`];
  if (schema?.properties) {
    const required = new Set(schema.required ?? []);
    lines.push(
      markdownTable(
        ['Field', 'Type', 'Meaning'],
        Object.entries(schema.properties).map(([name, field]) => [
          `\`${name}\`${required.has(name) ? '' : ' (optional)'}`,
          typeText(field),
          field.description ?? '',
        ]),
      ),
    );
  } else if (schema) lines.push(typeText(schema));
  return lines.join('\n\n');
}

function responsesText(responses: Operation['responses']): string {
  return Object.entries(responses)
    .map(([status, response]) => {
      const own =
        response.description && !GENERIC_DESCRIPTIONS.has(response.description)
          ? response.description
          : undefined;
      const meaning = own ?? STATUS_MEANINGS[status] ?? '';
      const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
      const success = status.startsWith('2');
      const answer =
        success && type === 'application/json' && status !== '204' ? answerText(content?.schema) : undefined;
      return `- \`${status}\` ${meaning}${answer ? `; ${answer}` : ''}`;
    })
    .join('\n');
}

function operationText(method: string, path: string, operation: Operation): string {
  const parts = [`#### \`${method.toUpperCase()} ${path}\``];
  if (operation.summary) parts.push(`${operation.summary}.`);
  if (operation.description) parts.push(operation.description);
  parts.push(`Authentication: ${authText(operation.security)}.`);
  if (operation.parameters?.length) parts.push(parametersTable(operation.parameters));
  if (operation.requestBody) parts.push(bodyText(operation.requestBody));
  parts.push(`Answers:\n\n${responsesText(operation.responses)}`);
  return parts.join('\n\n');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every route, grouped by its tag in the order the app registers them. */
export function renderApiReference(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationText(method, path, operation)]);
    }
  }
  return [...byTag]
    .map(([tag, operations]) => [`### ${capitalized(tag)}`, ...operations].join('\n\n'))
    .join('\n\n');
}

/** docs/api.md as it should be: the hand-written parts kept, the route reference made anew. */
export async function apiDocument(openApi?: OpenApiDocument): Promise<string> {
  const reference = renderApiReference(openApi ?? (await openApiDocument()));
  const updated = replaceGeneratedPart(readDocument(API_DOC), 'routes', COMMAND, reference);
  return formatMarkdown(updated, join(projectRoot, API_DOC));
}
