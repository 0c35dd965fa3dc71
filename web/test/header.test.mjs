// The binding (web/src/api.js) against capi/include/deckhand.h as a C parser reads it
// (tests/bindings/deckhand_header.py, wasm32 layouts): every M._dh_* it names is declared,
// every call passes as many arguments as the function has parameters (through the binding's
// helpers too) and a BigInt for each 64-bit one, every struct offset and size in LAYOUT and
// every DH_ status constant is the header's, and every status has its error class. The
// JavaScript is read with TypeScript's parser (web/node_modules).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const ts = createRequire(join(here, "..", "package.json"))("typescript");
const reader = join(repo, "tests", "bindings", "deckhand_header.py");
const header = JSON.parse(execFileSync(process.env.DECKHAND_PYTHON || "python3",
  [reader, "--model", "ilp32"], { encoding: "utf8" }));
const apiPath = process.env.DECKHAND_API_JS || join(repo, "web", "src", "api.js");
const source = ts.createSourceFile("api.js", readFileSync(apiPath, "utf8"), ts.ScriptTarget.Latest,
  true, ts.ScriptKind.JS);

// How many leading arguments each helper that is handed a C function passes to it before the
// arguments that follow the function in the helper's call ("sized": out_len, buf, cap).
const HELPERS = {
  readText: "sized", readBytes: "sized", callSized: "sized", readArray: "sized",
  readInt64s: "sized", readInt32s: "sized", "this._int32": 2, "this._string": 2,
  "this._chance": 3,
};

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}
const where = (node) => {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `api.js:${line + 1}`;
};
const evaluate = (node) => Function(`"use strict"; return (${node.getText()});`)();

function uses() {
  const found = [];
  walk(source, (node) => {
    if (ts.isPropertyAccessExpression(node) && node.expression.getText() === "M" &&
        node.name.text.startsWith("_dh_"))
      found.push({ name: node.name.text.slice(1), node });
  });
  return found;
}

// Whether an argument is (statically) a BigInt: a bigint literal, BigInt(...), or a name
// ending in 64 (the binding's convention for values made by seedArg).
const isBigInt = (arg) => ts.isBigIntLiteral(arg) || /64$/.test(arg.getText()) ||
  (ts.isCallExpression(arg) && arg.expression.getText() === "BigInt");

test("every C function the binding names is declared in deckhand.h", () => {
  const missing = uses().filter(({ name }) => !header.functions[name]);
  assert.deepEqual(missing.map(({ name, node }) => `${where(node)} ${name}`), []);
  assert.ok(uses().length > 40);
});

test("every call passes the header's number of arguments, BigInts for 64-bit ones", () => {
  const wrong = [];
  for (const { name, node } of uses()) {
    const fn = header.functions[name];
    if (!fn) continue;
    const params = fn.params.length;
    const call = node.parent;
    if (ts.isCallExpression(call) && call.expression === node) {
      const args = call.arguments;
      if (args.some(ts.isSpreadElement)) wrong.push(`${where(node)} ${name}: spread arguments`);
      else if (args.length !== params)
        wrong.push(`${where(node)} ${name}: ${args.length} arguments, deckhand.h has ${params}`);
      fn.params.forEach((type, i) => {
        if (type[0] === "scalar" && /int64_t$/.test(type[1]) && args[i] && !isBigInt(args[i]))
          wrong.push(`${where(node)} ${name}: argument ${i + 1} (${type[1]}) is not a BigInt`);
      });
    } else if (ts.isCallExpression(call)) {
      const helper = call.expression.getText();
      const lead = HELPERS[helper];
      const at = call.arguments.indexOf(node);
      if (lead === undefined) {
        wrong.push(`${where(node)} ${name}: handed to ${helper}, which this test does not know`);
        continue;
      }
      const passed = lead === "sized" ? 3 + call.arguments.length - at - 1 : lead;
      if (passed !== params)
        wrong.push(`${where(node)} ${name}: ${helper} passes ${passed}, deckhand.h has ${params}`);
    } else {
      wrong.push(`${where(node)} ${name}: used in a way this test does not know`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("LAYOUT's structs and offsets are deckhand.h's (wasm32)", () => {
  let layout = null;
  walk(source, (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === "LAYOUT")
      layout = evaluate(node.initializer);
  });
  assert.ok(layout, "api.js has no LAYOUT");
  for (const [struct, { size, fields }] of Object.entries(layout)) {
    const theirs = header.structs[struct];
    assert.ok(theirs, `deckhand.h has no struct ${struct}`);
    assert.equal(size, theirs.size, `sizeof(${struct})`);
    for (const [field, place] of Object.entries(fields)) {
      const f = theirs.fields.find((x) => x.name === field);
      assert.ok(f, `${struct} has no field ${field}`);
      assert.deepEqual(place, [f.offset, f.size], `${struct}.${field}: [offset, size]`);
    }
  }
});

test("the status constants and error classes are deckhand.h's", () => {
  const constants = {};
  const classes = new Set();
  walk(source, (node) => {
    if (ts.isVariableDeclaration(node) && /^DH_(OK|E_[A-Z_]+)$/.test(node.name.getText()))
      constants[node.name.getText()] = evaluate(node.initializer);
    if (ts.isCallExpression(node) && node.expression.getText() === "defineError")
      classes.add(evaluate(node.arguments[0]));
  });
  assert.ok(Object.keys(constants).length >= 3);
  for (const [name, value] of Object.entries(constants))
    assert.equal(value, header.statuses[name], name);
  const statuses = Object.entries(header.statuses).filter(([name]) => name !== "DH_OK");
  assert.deepEqual([...classes].sort((a, b) => a - b),
    statuses.map(([, value]) => value).sort((a, b) => a - b));
});

test("what the binding uses from the experimental tier is documented as experimental", () => {
  const docs = readFileSync(join(repo, "docs", "web.md"), "utf8");
  const experimental = [...new Set(uses().map(({ name }) => name))]
    .filter((name) => header.functions[name] && !header.functions[name].stable);
  const undocumented = experimental.filter((name) =>
    !docs.split("\n").some((line) => line.includes(name) && /experimental/i.test(line)));
  assert.deepEqual(undocumented, []);
});
