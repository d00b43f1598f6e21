/** The docs renderers: a set's package README and operation pages, and the overview at the output root. */
import type { Model, OperationSetModel } from "../../model/types.js";
import type { RenderMemo } from "../memo.js";
import type { OutputFile } from "../output.js";
import { renderOverviewDocs } from "./overview.js";
import { renderSetDocs, setDocsFiles } from "./set-docs.js";
import { loadDocsTemplates, type DocsTemplates } from "./templates.js";

export { renderOverviewDocs } from "./overview.js";
export { renderSetDocs } from "./set-docs.js";
export {
  compileDocsTemplates,
  loadDocsTemplates,
  templatesDir,
  type DocsTemplate,
  type DocsTemplates,
} from "./templates.js";

export interface DocsRenderer {
  readonly templates: DocsTemplates;
  /**
   * `README.md` and `docs/*.md`, relative to the set's package folder;
   * pieces every set shares are made once through `memo`.
   */
  renderSetDocs(
    model: Model,
    set: OperationSetModel,
    memo?: RenderMemo,
  ): Promise<OutputFile[]>;
  /** The same, one file at a time, each rendered when asked for, examples not yet formatted (see formatMarkdownCode). */
  setDocsFiles(
    model: Model,
    set: OperationSetModel,
    memo?: RenderMemo,
  ): Iterable<OutputFile>;
  /** `README.md`, relative to the output folder. */
  renderOverviewDocs(model: Model): OutputFile[];
}

/** Reads and compiles the templates once; the returned functions render any number of files. */
export async function createDocsRenderer(): Promise<DocsRenderer> {
  const templates = await loadDocsTemplates();
  return {
    templates,
    renderSetDocs: (model, set, memo) =>
      renderSetDocs(model, set, templates, memo),
    setDocsFiles: (model, set, memo) =>
      setDocsFiles(model, set, templates, memo),
    renderOverviewDocs: (model) => renderOverviewDocs(model, templates),
  };
}
