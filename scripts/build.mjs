// Builds remitgen: compiles src/ with tsc, then prepares the runtime that
// `generate` copies into every package (TypeScript source, and JavaScript and
// declarations formatted by prettier) as dist/runtime-assets.json, so that
// generation itself never loads the compiler or prettier.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as prettier from "prettier";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundledCli = "dist/remitgen.mjs";
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], {
  stdio: "inherit",
});

const runtimeDir = join(root, "src/runtime");
const sources = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
      sources.push(path);
  }
};
walk(runtimeDir);

const files = [];
for (const source of sources) {
  const path = relative(runtimeDir, source)
    .replaceAll("\\", "/")
    .replace(/\.ts$/, "");
  const header = `// Copied by remitgen from its runtime (src/runtime/${path}.ts). DO NOT EDIT.\n`;
  const ts = readFileSync(source, "utf8");
  const js = readFileSync(join(root, "dist/runtime", `${path}.js`), "utf8");
  const dts = readFileSync(join(root, "dist/runtime", `${path}.d.ts`), "utf8");
  files.push({
    path,
    ts: header + "\n" + (await prettier.format(ts, { parser: "typescript" })),
    js: header + "\n" + (await prettier.format(js, { parser: "babel" })),
    dts: header + "\n" + (await prettier.format(dts, { parser: "typescript" })),
  });
}
writeFileSync(
  join(root, "dist/runtime-assets.json"),
  JSON.stringify({ files }),
);

// The docs templates, precompiled with the options generate compiles them
// with, so a run loads only Handlebars' runtime. Each source is kept beside
// its compiled form: a template edited since the build is compiled afresh.
const { templateFiles, templateCompileOptions, precompiledFile } = await import(
  pathToFileURL(join(root, "dist/render/docs/templates.js")).href
);
const { default: Handlebars } = await import("handlebars");
const templateSources = {};
const specs = [];
for (const [key, file] of Object.entries(templateFiles)) {
  const source = readFileSync(join(root, "templates", file), "utf8");
  templateSources[key] = source;
  specs.push(
    `  ${key}: ${Handlebars.precompile(source, { ...templateCompileOptions })},`,
  );
}
writeFileSync(
  join(root, precompiledFile),
  [
    "// Precompiled by scripts/build.mjs from templates/. DO NOT EDIT.",
    `export const sources = ${JSON.stringify(templateSources)};`,
    "export const specs = {",
    ...specs,
    "};",
    "",
  ].join("\n"),
);
// The CLI as one module and its chunks: loading remitgen's ~70 modules and
// the four CommonJS packages it uses took about 0.13 s of every run (Node
// itself starts in 0.08 s); one bundled file loads in about half that.
// Split at each dynamic import(): what one command needs (the watcher and
// chokidar, the mock server and node:http, init, Handlebars' compiler, and
// the generator's native transpiler and formatter for --help and --version)
// is not parsed or loaded by the others. The library entry (dist/index.js)
// stays unbundled for programmatic use.
const { build } = await import("esbuild");
const chunksDir = "dist/cli-chunks";
rmSync(join(root, chunksDir), { recursive: true, force: true });
await build({
  entryPoints: { remitgen: join(root, "dist/cli/bin.js") },
  outdir: join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  chunkNames: "cli-chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // Native packages load their platform's binary at run time: left to Node.
  external: ["oxc-transform", "oxfmt"],
  // Bundled CommonJS packages call require(); ESM has none of its own.
  banner: {
    js: 'import { createRequire as remitgenCreateRequire } from "node:module";\nconst require = remitgenCreateRequire(import.meta.url);',
  },
});
console.log(
  `built remitgen: ${files.length} runtime modules, ${specs.length} precompiled templates, ${bundledCli}`,
);
