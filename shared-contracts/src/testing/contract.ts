/**
 * The contract check of the front-end tests' network fake: every request a test's code sends to the
 * server (same origin: `/api/…`, `/content/…` or any path of the OpenAPI document) must be an
 * operation of `docs/openapi.json`, the document generated from the server's route schemas. Checked:
 * the method and the path (a `{param}` template matches one segment; its value must fit the
 * parameter's schema), the query parameters (known names, values that fit their schemas, required
 * ones present), and the body (a media type the operation accepts; a JSON body must validate against
 * the operation's requestBody schema, draft 2020-12). Only what the client sends is checked, never
 * the answers a test feeds in.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: object;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: object }> };
}

/** The parts of an OpenAPI 3.1 document the check reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A request as the check sees it. */
export interface ContractRequest {
  method: string;
  /** Absolute (e.g. `http://localhost/api/me`). */
  url: URL;
  /** The `content-type` header, if any. */
  contentType?: string | null;
  /** The body as text; null or empty: none. */
  body?: string | null;
}

export interface ContractCheck {
  /** What is wrong with the request (naming method, path and the reason), or null: it matches, or is not the server's. */
  check(request: ContractRequest): string | null;
}

export interface ContractCheckOptions {
  /** The server's origin: requests to others are not checked. */
  origin?: string;
  /** Path prefixes that are the server's even where the document has no such path. */
  prefixes?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Template {
  path: string;
  pattern: RegExp;
  /** Names of its `{param}` segments, in order. */
  params: string[];
  operations: Map<string, OpenApiOperation>;
}

function compileTemplate(path: string, item: Record<string, unknown>): Template {
  const params: string[] = [];
  const source = path
    .split('/')
    .map((segment) =>
      segment.replace(/\{([^}]+)\}|[^{]+/g, (part: string, name?: string) => {
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(name);
        return '([^/]+)';
      }),
    )
    .join('/');
  const operations = new Map<string, OpenApiOperation>();
  for (const method of METHODS) if (item[method]) operations.set(method.toUpperCase(), item[method] as OpenApiOperation);
  return { path, pattern: new RegExp(`^${source}$`), params, operations };
}

const mediaType = (contentType: string | null | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || /^application\/[\w.+-]*\+?json[\w.+-]*$/.test(type);

export function createContractCheck(document: OpenApiDocument, options: ContractCheckOptions = {}): ContractCheck {
  const { origin = 'http://localhost', prefixes = ['/api/', '/content/'] } = options;
  // Fewer parameters first: a literal path wins over a template that also matches it (as in the server's router).
  const templates = Object.entries(document.paths)
    .map(([path, item]) => compileTemplate(path, item))
    .sort((a, b) => a.params.length - b.params.length);
  const components = document.components ?? {};
  const bodies = new Ajv2020({ allErrors: true, strict: false });
  // Path and query values are strings on the wire: the server coerces them to the schema's type.
  const values = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true });
  const compiled = new Map<object, ValidateFunction>();

  function validator(ajv: Ajv2020, schema: object, wrap: boolean): ValidateFunction {
    let validate = compiled.get(schema);
    if (!validate) {
      // The document's components go along so that `#/components/schemas/…` references resolve.
      const root = wrap ? { type: 'object', properties: { value: schema } } : schema;
      validate = ajv.compile({ ...root, components });
      compiled.set(schema, validate);
    }
    return validate;
  }

  function checkValue(parameter: OpenApiParameter, raw: string): string | null {
    if (!parameter.schema) return null;
    const validate = validator(values, parameter.schema, true);
    if (validate({ value: raw })) return null;
    return values.errorsText(validate.errors, { dataVar: `${parameter.in} parameter ${parameter.name}` }).replaceAll('/value', '');
  }

  function checkOperation(operation: OpenApiOperation, template: Template, match: RegExpMatchArray, request: ContractRequest) {
    const parameters = operation.parameters ?? [];
    for (const [index, name] of template.params.entries()) {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      const problem = parameter && checkValue(parameter, decodeURIComponent(match[index + 1]!));
      if (problem) return problem;
    }
    const query = parameters.filter((p) => p.in === 'query');
    for (const name of new Set(request.url.searchParams.keys())) {
      const parameter = query.find((p) => p.name === name);
      if (!parameter) return `unknown query parameter "${name}" (the operation has ${query.map((p) => p.name).join(', ') || 'none'})`;
      for (const value of request.url.searchParams.getAll(name)) {
        const problem = checkValue(parameter, value);
        if (problem) return problem;
      }
    }
    const missing = query.find((p) => p.required && !request.url.searchParams.has(p.name));
    if (missing) return `the required query parameter "${missing.name}" is missing`;

    const { requestBody } = operation;
    const body = request.body ?? '';
    if (!requestBody) return null;
    const accepted = Object.keys(requestBody.content);
    if (body === '') return requestBody.required ? `no body, but the operation requires one (${accepted.join(', ')})` : null;
    const type = mediaType(request.contentType);
    const content = requestBody.content[type] ?? (type ? undefined : requestBody.content[accepted[0]!]);
    if (!content) return `the body's content type "${type}" is not accepted (the operation takes ${accepted.join(', ')})`;
    if (!isJson(type) || !content.schema) return null;
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return `the body is not JSON: ${body.slice(0, 80)}`;
    }
    const validate = validator(bodies, content.schema, false);
    if (validate(data)) return null;
    return `the body does not match the requestBody schema: ${bodies.errorsText(validate.errors, { dataVar: 'body' })}`;
  }

  return {
    check(request) {
      const { url } = request;
      if (url.origin !== origin) return null;
      const method = request.method.toUpperCase();
      const path = url.pathname;
      const matching = templates.flatMap((template) => {
        const match = path.match(template.pattern);
        return match ? [{ template, match }] : [];
      });
      if (matching.length === 0) {
        return prefixes.some((prefix) => path.startsWith(prefix))
          ? `${method} ${path}: no operation of docs/openapi.json has this path`
          : null;
      }
      const found = matching.find(({ template }) => template.operations.has(method));
      if (!found) {
        const others = matching.map(({ template }) => `${[...template.operations.keys()].join(', ')} ${template.path}`).join('; ');
        return `${method} ${path}: docs/openapi.json has no ${method} for this path (it has ${others})`;
      }
      const problem = checkOperation(found.template.operations.get(method)!, found.template, found.match, request);
      const operation = found.template.path === path ? '' : ` (${method} ${found.template.path})`;
      return problem && `${method} ${path}${url.search}${operation}: ${problem}`;
    },
  };
}
