import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOC,
  apiDocument,
  openApiDocument,
  renderApiReference,
  type OpenApiDocument,
} from '../../scripts/docs/api-reference';
import { readDocument } from '../../scripts/docs/markdown';

describe('docs/api.md', () => {
  let openApi: OpenApiDocument;
  beforeAll(async () => {
    openApi = await openApiDocument();
  });

  it('describes the routes of the OpenAPI document the API serves (npm run docs:api)', async () => {
    expect(readDocument(API_DOC)).toBe(await apiDocument(openApi));
  });

  it('renders each route with its authentication, parameters and status codes', () => {
    const reference = renderApiReference(openApi);
    const vote = reference.slice(reference.indexOf('#### `POST /series-details/{id}/vote`'));
    expect(vote).toMatch(/^#### `POST \/series-details\/\{id\}\/vote`\n\nVote on one category of a series\./);
    expect(vote).toContain('Authentication: bearer token.');
    expect(vote).toContain('`application/x-www-form-urlencoded`, `multipart/form-data`, `application/json`');
    expect(vote).toContain('- `429` rate limited (`Retry-After`)');
    expect(reference).toContain('Authentication: optional bearer token');
  });
});
