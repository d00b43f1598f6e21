/**
 * The description's `info` and server as remitgen's `service`, and its
 * security schemes as `auth`: the first scheme remitgen's clients can
 * send, the others noted.
 */
import {
  isObject,
  member,
  note,
  pointer,
  resolve,
  type Context,
  type Json,
} from "./document.js";
import type { SchemaYaml } from "./schemas.js";

export interface ServiceOptions {
  /** npm scope of the generated packages, without `@`. */
  readonly scope?: string;
  /** Base of the package names. */
  readonly name?: string;
}

export function serviceYaml(
  context: Context,
  options: ServiceOptions,
): SchemaYaml {
  const info = member(context.document.root, "info");
  const title = text(member(info, "title")) ?? "API";
  // remitgen's own openapi.json titles a set's document `<service>: <set> (<id>)`
  // and follows the service's description with the set's.
  const own = text(member(info, "x-remitgen-set")) !== undefined;
  const serviceTitle = own ? title.replace(/: .*$/s, "") : title;
  const description = text(member(info, "description"));
  const name = options.name ?? (packagePart(serviceTitle) || "api");
  return {
    title: serviceTitle,
    description:
      (own ? description?.split(/\n\nOperation set `/)[0] : description) ??
      serviceTitle,
    baseUrl: baseUrl(context),
    package: {
      scope: options.scope ?? (name.split(/[-._]/)[0] || "api"),
      name,
    },
  };
}

/** An npm name part: lowercase letters, digits and `-`, at most 60 characters. */
export function packagePart(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

function text(value: Json | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : undefined;
}

function baseUrl(context: Context): string {
  const root = context.document.root;
  if (context.document.version === "2.0") {
    const host = text(member(root, "host"));
    const schemes = member(root, "schemes");
    const scheme =
      Array.isArray(schemes) && schemes.includes("https")
        ? "https"
        : Array.isArray(schemes) && typeof schemes[0] === "string"
          ? schemes[0]
          : "https";
    if (host === undefined) {
      note(
        context,
        "",
        "no host",
        "the base URL is left to the client: {base_url}",
      );
      return "{base_url}";
    }
    return `${scheme}://${host}${text(member(root, "basePath")) ?? ""}`.replace(
      /\/+$/,
      "",
    );
  }
  const servers = member(root, "servers");
  const [first] = Array.isArray(servers) ? servers : [];
  const url = text(member(first, "url"));
  if (Array.isArray(servers) && servers.length > 1)
    note(
      context,
      "/servers",
      `${servers.length} servers`,
      `the first, ${JSON.stringify(url)}, is the default base URL; a client passes another as baseUrl`,
    );
  if (url === undefined) {
    note(
      context,
      "/servers",
      "no server URL",
      "the base URL is left to the client: {base_url}",
    );
    return "{base_url}";
  }
  if (!/^https?:\/\//i.test(url) && !/^\{[^}]+\}/.test(url)) {
    note(
      context,
      "/servers/0/url",
      `relative server URL ${JSON.stringify(url)}`,
      "the base URL is left to the client: {base_url}",
    );
    return "{base_url}";
  }
  return url.replace(/\/+$/, "");
}

/**
 * `auth`: the first usable scheme among those the document requires
 * (its `security`, then each operation's), in that order; `none` when it
 * requires none. Returns the scheme's name too, to tell the operations
 * that need no credentials.
 */
export function authYaml(
  context: Context,
  required: readonly string[],
): { yaml: SchemaYaml; scheme?: string } {
  const root = context.document.root;
  const [schemes, schemesAt] =
    context.document.version === "2.0"
      ? [member(root, "securityDefinitions"), "/securityDefinitions"]
      : [
          member(member(root, "components"), "securitySchemes"),
          "/components/securitySchemes",
        ];
  let chosen: { yaml: SchemaYaml; scheme: string } | undefined;
  const defined = isObject(schemes) ? Object.keys(schemes) : [];
  for (const name of [...new Set([...required, ...defined])]) {
    const { value, at } = resolve(
      context,
      member(schemes, name),
      pointer(schemesAt, name),
    );
    if (!isObject(value)) continue;
    const yaml = schemeYaml(context, value, at);
    if (yaml === undefined)
      note(
        context,
        at,
        `security scheme ${name} (${describe(value)})`,
        "left out: remitgen's clients cannot send it",
      );
    else if (!required.includes(name))
      note(
        context,
        at,
        `security scheme ${name} (${describe(value)})`,
        "left out: no operation requires it",
      );
    else if (chosen === undefined) chosen = { yaml, scheme: name };
    else
      note(
        context,
        at,
        `security scheme ${name} (${describe(value)})`,
        `left out: the client sends ${chosen.scheme} only`,
      );
  }
  return chosen ?? { yaml: { scheme: "none" } };
}

function describe(scheme: Json): string {
  const type = String(member(scheme, "type"));
  const detail =
    member(scheme, "scheme") ?? member(scheme, "in") ?? member(scheme, "flow");
  const flows = member(scheme, "flows");
  return [
    type,
    detail,
    isObject(flows) ? Object.keys(flows).join(", ") : undefined,
  ]
    .filter((each) => each !== undefined)
    .join(" ");
}

function schemeYaml(
  context: Context,
  scheme: Json,
  at: string,
): SchemaYaml | undefined {
  const type = member(scheme, "type");
  const description = text(member(scheme, "description"));
  const described = description !== undefined ? { description } : {};
  if (type === "apiKey") {
    const place = member(scheme, "in");
    const name = text(member(scheme, "name"));
    if ((place !== "header" && place !== "query") || name === undefined)
      return undefined;
    return { scheme: "api-key", in: place, name, ...described };
  }
  const http =
    type === "http" ? String(member(scheme, "scheme")).toLowerCase() : type;
  if (http === "basic") return { scheme: "basic", ...described };
  if (http === "bearer") return { scheme: "bearer", ...described };
  if (type !== "oauth2") return undefined;
  const tokenUrl =
    context.document.version === "2.0"
      ? member(scheme, "flow") === "application"
        ? member(scheme, "tokenUrl")
        : undefined
      : member(
          member(member(scheme, "flows"), "clientCredentials"),
          "tokenUrl",
        );
  if (typeof tokenUrl !== "string") return undefined;
  const flow =
    context.document.version === "2.0"
      ? scheme
      : member(member(scheme, "flows"), "clientCredentials");
  const scopes = member(flow, "scopes");
  if (isObject(scopes) && Object.keys(scopes).length > 0)
    note(
      context,
      at,
      `scopes ${Object.keys(scopes).join(", ")}`,
      "left out: the client's token request asks for no scope; a getAccessToken option can",
    );
  const url = /^https?:\/\//i.test(tokenUrl) ? new URL(tokenUrl) : undefined;
  const info = member(context.document.root, "info");
  return {
    scheme: "oauth2-client-credentials",
    title: `${text(member(info, "title")) ?? "API"} authorization`,
    version: semanticVersion(member(info, "version")),
    baseUrl: url !== undefined ? url.origin : "{auth_url}",
    token: {
      method: "POST",
      path:
        url !== undefined
          ? url.pathname
          : tokenUrl.startsWith("/")
            ? tokenUrl
            : `/${tokenUrl}`,
    },
    ...(description !== undefined ? { assumption: description } : {}),
  };
}

/**
 * MAJOR.MINOR.PATCH from a description's version: its first three numbers
 * (`2.1` -> `2.1.0`), or of the date it gives (`2025.10.15`).
 */
export function semanticVersion(version: Json | undefined): string {
  const numbers =
    (dateOf(version) ?? String(version ?? "")).match(/\d+/g) ?? [];
  return [0, 1, 2]
    .map((index) => String(Number(numbers[index] ?? 0)))
    .join(".");
}

/** A version written as a date and time (`Wed Oct 15 2025 13:53:19 GMT...`) as YYYY-MM-DD. */
export function dateOf(version: Json | undefined): string | undefined {
  if (typeof version !== "string" || !/[A-Za-z]{3}/.test(version))
    return undefined;
  const time = Date.parse(version);
  return Number.isNaN(time)
    ? undefined
    : new Date(time).toISOString().slice(0, 10);
}
