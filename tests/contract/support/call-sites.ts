// The gateway calls the client's adapters make, read from their source: every `http.get|post|put|delete(url)`,
// `http.blob|request(method, url)` and `http.upload(url)` (a POST) in src/adapters/gateway/*.adapter.ts, with
// its path as a pattern. A path is followed through what the file itself says — string and template literals,
// constants of the file or imported from another module, small helper functions (`one(keyId)`), a table's
// values (`BASE[resource]`, each one a call of its own) and both branches of a condition. A part only known
// when the call is made (an id, a definition's api) matches any one path segment, or any path for a whole
// prefix the caller passes in (the resource kit's `def.api`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

export interface CallSite {
  /** file:line of the call */
  at: string;
  method: string;
  /** the path as written, with `{…}` for a part known only at the call */
  template: string;
  /** the same path as a regular expression over a request's path */
  pattern: RegExp;
}

/** A piece of a path: literal text, one segment known only at the call, or any path (a prefix passed in). */
type Part = { text: string } | { segment: string } | { any: string };
type Path = Part[];

const METHODS = new Set(['get', 'post', 'put', 'delete']);

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The declarations of `name` visible from `node`: the enclosing functions' parameters and locals, then the file's. */
function declarationOf(name: string, node: ts.Node): ts.Node | undefined {
  for (let scope: ts.Node | undefined = node; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope))
      for (const p of scope.parameters) if (ts.isIdentifier(p.name) && p.name.text === name) return p;
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (ts.isVariableStatement(statement))
          for (const d of statement.declarationList.declarations)
            if (ts.isIdentifier(d.name) && d.name.text === name) return d;
        if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
        if (ts.isImportDeclaration(statement)) {
          const named = statement.importClause?.namedBindings;
          if (named && ts.isNamedImports(named)) for (const s of named.elements) if (s.name.text === name) return s;
        }
      }
    }
  }
  return undefined;
}

/** An imported constant's declaration in its own module. */
function importedDeclaration(spec: ts.ImportSpecifier): ts.Node | undefined {
  const from = spec.parent.parent.parent as ts.ImportDeclaration;
  const module = (from.moduleSpecifier as ts.StringLiteral).text;
  if (!module.startsWith('.')) return undefined;
  const file = `${resolve(dirname(spec.getSourceFile().fileName), module)}.ts`;
  const name = (spec.propertyName ?? spec.name).text;
  const source = parse(file);
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name) return d;
  return undefined;
}

/** The keys a parameter typed as a union of string literals may be (`resource: 'supplier' | 'org'`). */
function keysAllowed(expr: ts.Expression): string[] | undefined {
  const d = ts.isIdentifier(expr) ? declarationOf(expr.text, expr) : undefined;
  const type = d && ts.isParameter(d) ? d.type : undefined;
  const literals = type && ts.isUnionTypeNode(type) ? type.types : type ? [type] : [];
  const keys = literals.flatMap((t) =>
    ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : [],
  );
  return keys.length && keys.length === literals.length ? keys : undefined;
}

/** The paths an expression may be, each a list of parts; `bound` gives a helper's parameters their arguments. */
function pathsOf(expr: ts.Expression, bound: Map<string, Path[]> = new Map()): Path[] {
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) return pathsOf(expr.expression, bound);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [[{ text: expr.text }]];
  if (ts.isTemplateExpression(expr)) {
    let paths: Path[] = [[{ text: expr.head.text }]];
    for (const span of expr.templateSpans) {
      const inner = pathsOf(span.expression, bound);
      paths = paths.flatMap((p) => inner.map((i) => [...p, ...i, { text: span.literal.text }]));
    }
    return paths;
  }
  if (ts.isConditionalExpression(expr)) return [...pathsOf(expr.whenTrue, bound), ...pathsOf(expr.whenFalse, bound)];
  if (ts.isIdentifier(expr)) {
    const given = bound.get(expr.text);
    if (given) return given;
    let d = declarationOf(expr.text, expr);
    if (d && ts.isImportSpecifier(d)) d = importedDeclaration(d);
    if (d && ts.isVariableDeclaration(d) && d.initializer) return pathsOf(d.initializer, bound);
    return [[{ segment: expr.text }]];
  }
  if (ts.isCallExpression(expr)) {
    // encodeURIComponent(x), String(x): one segment whatever x is.
    if (ts.isIdentifier(expr.expression) && ['encodeURIComponent', 'String'].includes(expr.expression.text))
      return [[{ segment: expr.arguments[0]?.getText() ?? '' }]];
    if (ts.isIdentifier(expr.expression)) {
      const d = declarationOf(expr.expression.text, expr);
      const fn =
        d && ts.isVariableDeclaration(d) && d.initializer && ts.isArrowFunction(d.initializer) ? d.initializer : d;
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) {
        const args = new Map(bound);
        fn.parameters.forEach((p, i) => {
          const arg = expr.arguments[i];
          if (ts.isIdentifier(p.name)) args.set(p.name.text, arg ? pathsOf(arg, bound) : [[{ segment: p.name.text }]]);
        });
        return pathsOf(fn.body, args);
      }
    }
    return [[{ segment: expr.getText() }]];
  }
  if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    // A table's values: each one a path of its own, or those of the keys the parameter's type allows.
    const d = declarationOf(expr.expression.text, expr);
    const keys = keysAllowed(expr.argumentExpression);
    if (d && ts.isVariableDeclaration(d) && d.initializer && ts.isObjectLiteralExpression(d.initializer))
      return d.initializer.properties.flatMap((p) =>
        ts.isPropertyAssignment(p) && (!keys || keys.includes(p.name.getText().replace(/['"]/g, '')))
          ? pathsOf(p.initializer, bound)
          : [],
      );
  }
  // A definition's api or any other prefix the caller passes in.
  if (ts.isPropertyAccessExpression(expr)) return [[{ any: expr.getText() }]];
  return [[{ segment: expr.getText() }]];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toSite(at: string, method: string, path: Path): CallSite {
  const template = path
    .map((p) => ('text' in p ? p.text : 'segment' in p ? `{${p.segment}}` : `{${p.any}…}`))
    .join('')
    .replace(/^\/?/, '/');
  const source = path.map((p) => ('text' in p ? escapeRegex(p.text) : 'segment' in p ? '[^/]+' : '.+')).join('');
  return { at, method, template, pattern: new RegExp(`^/?${source.replace(/^\//, '')}$`) };
}

/** The client's own bookkeeping on its HTTP client, which sends nothing. */
const NOT_CALLS = new Set(['cancelPending', 'onSessionExpired', 'setEncryption']);

/**
 * Every call site of the adapters in `dir` (one per path a call may take), and the calls on `http` this
 * reading could not follow (a method it does not know, a method or path it cannot read): those would
 * otherwise go unchecked.
 */
export function adapterCallSites(dir: string): { sites: CallSite[]; unread: string[] } {
  const sites: CallSite[] = [];
  const unread: string[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.adapter.ts'))
    .sort()) {
    const source = parse(resolve(dir, name));
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.expression.getText().replace(/^this\./, '') === 'http'
      ) {
        const call = node.expression.name.text;
        const [first, second] = node.arguments;
        let method: string | undefined;
        let url: ts.Expression | undefined;
        if (METHODS.has(call)) [method, url] = [call.toUpperCase(), first];
        else if (call === 'upload') [method, url] = ['POST', first];
        else if ((call === 'blob' || call === 'request') && first && ts.isStringLiteral(first))
          [method, url] = [first.text.toUpperCase(), second];
        const at = `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (method && url) for (const path of pathsOf(url)) sites.push(toSite(at, method, path));
        else if (!NOT_CALLS.has(call)) unread.push(`${at} http.${call}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { sites, unread };
}

export interface RecordedRequest {
  method: string;
  path: string;
  description: string;
}

/** The requests of every interaction in the pact files of `dir`. */
export function pactRequests(dir: string): RecordedRequest[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const pact = JSON.parse(readFileSync(resolve(dir, f), 'utf8')) as {
        interactions: { description: string; request: { method: string; path: string } }[];
      };
      return pact.interactions.map((i) => ({
        method: i.request.method.toUpperCase(),
        path: i.request.path,
        description: i.description,
      }));
    });
}
