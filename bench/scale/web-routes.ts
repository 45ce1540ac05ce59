/**
 * The routes the web client calls, read from its source (apps/web/src, tests excluded) and matched
 * against the server's own OpenAPI document, so a call added to the web is timed without editing
 * the bench. Every `/api/...` string or template in the web source is a call site: its method is
 * the one of the `api.get/post/put/patch/delete(...)` it is passed to, the `method:` of an
 * `api.request(...)`, GET for a download or an image source, and otherwise (a constant such as
 * the subscription portal's path table) every method the server has for that path. A template's
 * `${a ? 'x' : 'y'}` becomes both paths; any other `${...}` stands for one path segment (or part).
 * A helper such as `const base = (id) => `/api/...`` is expanded where a template calls it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface WebCallSite {
  /** Upper-case, or null when the source does not say (every server method of the path is taken). */
  method: string | null;
  /** The path with `{}` for each interpolated part. */
  template: string;
  file: string;
}

export interface ApiOperation {
  method: string;
  /** OpenAPI path, e.g. /api/admin/events/{id}. */
  path: string;
  /** Roles named by the route's 403 answer ("Only for ADMIN, MASTER ..."), empty when none. */
  roles: string[];
  signedIn: boolean;
  query: { name: string; required: boolean }[];
  /** The web files that call it. */
  callers: string[];
}

const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** `${cond ? 'a' : 'b'}` -> both; other `${...}` -> {} (nested braces allowed one level deep). */
function expandTemplate(text: string): string[] {
  const m = /\$\{((?:[^{}]|\{[^{}]*\})*)\}/.exec(text);
  if (!m) return [text];
  const choice = /^[^?]+\?\s*'([^']*)'\s*:\s*'([^']*)'\s*$/.exec(m[1]!);
  const options = choice ? [choice[1]!, choice[2]!] : ['{}'];
  return options.flatMap((o) => expandTemplate(text.slice(0, m.index) + o + text.slice(m.index + m[0].length)));
}

function methodAt(source: string, start: number, end: number): string | null {
  const before = source.slice(Math.max(0, start - 160), start);
  const statement = before.slice(before.lastIndexOf(';') + 1);
  const call = [...statement.matchAll(/\bapi\.(get|post|put|patch|delete|request)\s*\(/g)].at(-1);
  if (call) {
    if (call[1] !== 'request') return call[1]!.toUpperCase();
    const explicit = /method:\s*'(\w+)'/.exec(source.slice(end, end + 240));
    return explicit ? explicit[1]!.toUpperCase() : 'GET';
  }
  if (
    /(downloadFile\s*\(|src=\{?\s*|fallbackSrc=\{?\s*)$/.test(statement.trimEnd()) ||
    /downloadFile\s*\($/.test(statement)
  )
    return 'GET';
  return null;
}

/** Every call site of the web client. */
export function webCallSites(srcDir = WEB_SRC): WebCallSite[] {
  const sites: WebCallSite[] = [];
  for (const file of sourceFiles(srcDir)) {
    let source = readFileSync(file, 'utf8');
    // Expand `${helper(args)}` where `const helper = (...) => `/api/...`` is declared in the same file.
    for (const helper of source.matchAll(/const (\w+) = \([^)]*\)\s*=>\s*`(\/api\/[^`]*)`/g)) {
      source = source.replace(new RegExp(`\\$\\{${helper[1]}\\([^)]*\\)\\}`, 'g'), helper[2]!);
    }
    for (const literal of source.matchAll(/(['"`])(\/api\/[^'"`\s]*)\1/g)) {
      const start = literal.index;
      const method = methodAt(source, start, start + literal[0].length);
      const texts = literal[1] === '`' ? expandTemplate(literal[2]!) : [literal[2]!];
      for (const template of texts) sites.push({ method, template, file: path.relative(srcDir, file) });
    }
  }
  return sites;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { name: string; in: string; required?: boolean }[];
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
}

const segmentMatches = (web: string, server: string) => {
  if (/^\{\w+\}$/.test(server)) return true;
  const pattern = web
    .split('{}')
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(server);
};

const templateMatches = (web: string, server: string) => {
  const a = web.split('?')[0]!.split('/');
  const b = server.split('/');
  return a.length === b.length && a.every((seg, i) => segmentMatches(seg, b[i]!));
};

/** The server's operations that the web calls, from its OpenAPI document (/api/docs/json). */
export function webOperations(openapi: OpenApiDocument, sites = webCallSites()): ApiOperation[] {
  const found = new Map<string, ApiOperation>();
  for (const [apiPath, methods] of Object.entries(openapi.paths)) {
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const callers = sites
        .filter((s) => (s.method === null || s.method === method) && templateMatches(s.template, apiPath))
        .map((s) => s.file);
      if (callers.length === 0) continue;
      const forbidden = op.responses?.['403']?.description ?? '';
      const roles = /^Only for ([A-Z_, ]+)/.exec(forbidden)?.[1]?.split(/,\s*/) ?? [];
      found.set(`${method} ${apiPath}`, {
        method,
        path: apiPath,
        roles: roles.map((r) => r.trim()).filter(Boolean),
        signedIn: (op.security ?? []).some((s) => Object.keys(s as object).length > 0),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true })),
        callers: [...new Set(callers)],
      });
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Web call sites that match no server route (a typo, or a route that is gone): printed as a warning. */
export function unmatchedCallSites(openapi: OpenApiDocument, sites = webCallSites()): WebCallSite[] {
  const all = Object.entries(openapi.paths).flatMap(([p, ms]) => Object.keys(ms).map((m) => [m.toUpperCase(), p]));
  return sites.filter(
    (s) => !all.some(([m, p]) => (s.method === null || s.method === m) && templateMatches(s.template, p!)),
  );
}
