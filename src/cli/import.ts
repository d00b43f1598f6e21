/**
 * `remitgen import`: imports the descriptions, then says what was written
 * and lists what could not be mapped (all of it is also at the end of the
 * spec).
 */
import { importOpenApi, type ImportOpenApiOptions } from "../import/run.js";
import { noteLine } from "../import/emit.js";
import { plural, type CliIO } from "./report.js";

/** Notes listed on standard error before the rest are only counted. */
const listedNotes = 30;

export async function runImport(
  options: ImportOpenApiOptions,
  io: CliIO,
): Promise<number> {
  const result = await importOpenApi(options);
  const { notes } = result;
  for (const each of notes.slice(0, listedNotes))
    io.err(`not mapped: ${noteLine(each)}`);
  if (notes.length > listedNotes)
    io.err(
      `... and ${notes.length - listedNotes} more: every one is listed at the end of ${options.out}`,
    );
  for (const split of result.split)
    io.err(`split: ${split} (its shape differs between sets)`);
  io.out(
    `${options.out}: ${plural(result.sets, "set")}, ${plural(result.operations, "operation")}, ${plural(result.schemas, "schema")}` +
      (notes.length > 0
        ? `; ${plural(notes.length, "thing")} not mapped, listed at its end`
        : "; everything mapped"),
  );
  return 0;
}
