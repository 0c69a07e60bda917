// A small evaluator for the subset of Go that the official Incus provider's acceptance tests use to build their
// configurations: string literals (raw and interpreted), `+`, fmt.Sprintf (%s %q %d %v, with [n] indexes),
// calls of other config functions of the same file, local `var`/`:=`/`=`/`+=` and `if a == b {} else {}` on
// strings. Values it cannot know (a test's random names) are placeholders `@@name@@`, which the test runner
// replaces. Anything else throws an Unsupported error naming the construct, so the extractor can report it.
"use strict";

class Unsupported extends Error {}

/** Go source → tokens: {t: "str"|"ident"|"num"|"op", v}. Comments and newlines are dropped. */
function tokenize(src) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      i = src.indexOf("*/", i + 2) + 2;
    } else if (c === "`") {
      const end = src.indexOf("`", i + 1);
      tokens.push({ t: "str", v: src.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      tokens.push({ t: "str", v: JSON.parse(src.slice(i, j + 1).replace(/\\'/g, "'")) });
      i = j + 1;
    } else if (c === "'") {
      const j = src.indexOf("'", i + 1);
      tokens.push({ t: "str", v: src.slice(i + 1, j) });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < src.length && /[A-Za-z0-9_.]/.test(src[j])) j++;
      tokens.push({ t: "ident", v: src.slice(i, j) });
      i = j;
    } else if (/[0-9]/.test(c)) {
      let j = i;
      while (j < src.length && /[0-9]/.test(src[j])) j++;
      tokens.push({ t: "num", v: src.slice(i, j) });
      i = j;
    } else {
      const two = src.slice(i, i + 2);
      if ([":=", "==", "!=", "+=", "&&", "||"].includes(two)) {
        tokens.push({ t: "op", v: two });
        i += 2;
      } else {
        tokens.push({ t: "op", v: c });
        i++;
      }
    }
  }
  return tokens;
}

/** Go's fmt.Sprintf for the verbs the tests use. */
function sprintf(format, args) {
  let next = 0;
  return format.replace(/%(\[(\d+)\])?([-+# 0]*\d*)([sqdvt%])/g, (_, _idx, index, _flags, verb) => {
    if (verb === "%") return "%";
    const arg = index ? args[Number(index) - 1] : args[next];
    next = index ? Number(index) : next + 1;
    if (arg === undefined)
      throw new Unsupported(`fmt.Sprintf: missing argument for %${verb} in ${JSON.stringify(format.slice(0, 40))}`);
    return verb === "q" ? JSON.stringify(String(arg)) : String(arg);
  });
}

/** Evaluates functions of one Go file. `funcs`: name → {params, body tokens}. */
class Evaluator {
  constructor(funcs, globals) {
    this.funcs = funcs;
    this.globals = globals;
  }

  call(name, args) {
    const fn = this.funcs.get(name);
    if (!fn) throw new Unsupported(`call of ${name}`);
    const scope = new Map(fn.params.map((p, i) => [p, args[i]]));
    const result = this.block(fn.body, 0, fn.body.length, scope);
    if (result === undefined) throw new Unsupported(`${name} returns nothing the evaluator understood`);
    return result.value;
  }

  /** Runs statements in tokens[from, to); returns {value} at a return. */
  block(tokens, from, to, scope) {
    let i = from;
    while (i < to) {
      const tok = tokens[i];
      if (tok.t === "ident" && tok.v === "return") {
        const [value] = this.expr(tokens, i + 1, scope);
        return { value };
      }
      if (tok.t === "ident" && tok.v === "var") {
        scope.set(tokens[i + 1].v, "");
        i += 3; // var name type
        continue;
      }
      if (tok.t === "ident" && tok.v === "if") {
        const [cond, afterCond] = this.condition(tokens, i + 1, scope);
        const thenEnd = matching(tokens, afterCond);
        let after = thenEnd + 1;
        let elseRange;
        if (tokens[after]?.v === "else") {
          if (tokens[after + 1]?.v !== "{") throw new Unsupported("else if");
          const elseEnd = matching(tokens, after + 1);
          elseRange = [after + 2, elseEnd];
          after = elseEnd + 1;
        }
        const range = cond ? [afterCond + 1, thenEnd] : elseRange;
        if (range) {
          const r = this.block(tokens, range[0], range[1], scope);
          if (r) return r;
        }
        i = after;
        continue;
      }
      if (tok.t === "ident" && ["for", "switch", "range"].includes(tok.v))
        throw new Unsupported(`Go statement ${tok.v}`);
      if (tok.t === "ident" && [":=", "=", "+="].includes(tokens[i + 1]?.v)) {
        const [value, next] = this.expr(tokens, i + 2, scope);
        const op = tokens[i + 1].v;
        scope.set(tok.v, op === "+=" ? (scope.get(tok.v) ?? "") + value : value);
        i = next;
        continue;
      }
      throw new Unsupported(`statement starting with ${tok.v}`);
    }
    return undefined;
  }

  condition(tokens, i, scope) {
    const [left, afterLeft] = this.expr(tokens, i, scope);
    const op = tokens[afterLeft].v;
    if (op !== "==" && op !== "!=") throw new Unsupported(`condition operator ${op}`);
    const [right, afterRight] = this.expr(tokens, afterLeft + 1, scope);
    if (tokens[afterRight].v !== "{") throw new Unsupported("compound condition");
    return [op === "==" ? left === right : left !== right, afterRight];
  }

  /** expr := operand ('+' operand)*; returns [value, index after]. */
  expr(tokens, i, scope) {
    let [value, next] = this.operand(tokens, i, scope);
    while (tokens[next]?.v === "+") {
      const [more, after] = this.operand(tokens, next + 1, scope);
      value = String(value) + String(more);
      next = after;
    }
    return [value, next];
  }

  operand(tokens, i, scope) {
    const tok = tokens[i];
    if (!tok) throw new Unsupported("expression ends early");
    if (tok.t === "str") return [tok.v, i + 1];
    if (tok.t === "num") return [tok.v, i + 1];
    if (tok.t === "ident") {
      if (tokens[i + 1]?.v === "(") {
        const [args, after] = this.args(tokens, i + 2, scope);
        if (tok.v === "fmt.Sprintf") return [sprintf(String(args[0]), args.slice(1)), after];
        if (tok.v === "strconv.Itoa" || tok.v === "fmt.Sprint") return [String(args[0]), after];
        if (tok.v === "strings.ToUpper") return [String(args[0]).toUpperCase(), after];
        if (tok.v === "filepath.Join") return [args.join("/"), after];
        // A pattern a check matches: kept as an object the runner recognises.
        if (tok.v === "regexp.MustCompile") return [{ regexp: String(args[0]) }, after];
        return [this.call(tok.v, args), after];
      }
      if (tokens[i + 1]?.v === "{") throw new Unsupported(`composite literal ${tok.v}{...}`);
      if (scope.has(tok.v)) return [scope.get(tok.v), i + 1];
      if (this.globals.has(tok.v)) return [this.globals.get(tok.v), i + 1];
      if (tok.v === "true" || tok.v === "false") return [tok.v, i + 1];
      throw new Unsupported(`unknown name ${tok.v}`);
    }
    throw new Unsupported(`token ${tok.v}`);
  }

  args(tokens, i, scope) {
    const args = [];
    if (tokens[i].v === ")") return [args, i + 1];
    for (;;) {
      const [value, next] = this.expr(tokens, i, scope);
      args.push(value);
      if (tokens[next].v === ",") {
        i = next + 1;
        if (tokens[i].v === ")") return [args, i + 1];
        continue;
      }
      if (tokens[next].v === ")") return [args, next + 1];
      throw new Unsupported(`argument list at ${tokens[next].v}`);
    }
  }
}

/** Index of the token closing the bracket opened at tokens[open] ({, ( or [). */
function matching(tokens, open) {
  const pairs = { "{": "}", "(": ")", "[": "]" };
  const close = pairs[tokens[open].v];
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i].t !== "op") continue;
    if (tokens[i].v === tokens[open].v) depth++;
    else if (tokens[i].v === close && --depth === 0) return i;
  }
  throw new Error(`unbalanced ${tokens[open].v}`);
}

module.exports = { Evaluator, Unsupported, matching, sprintf, tokenize };
