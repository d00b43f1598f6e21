/**
 * A call's body and answer as the spec states them: operations that take
 * no body, stated success statuses (201, 204 without a body), stated error
 * bodies a fault answers, and no limit without a plan.
 */
import { describe, expect, it } from "vitest";
import { createMockEngine } from "../../../src/runtime/mock/engine.js";
import { validateValue } from "../../../src/runtime/mock/validate.js";
import { answer, httpApi, keyed } from "./http-fixture.js";

const base = httpApi.baseUrl;
const json = { "content-type": "application/json" };

describe("bodies and statuses", () => {
  it("answers a write with its stated 201, and a delete with 204 and no body", async () => {
    const engine = createMockEngine(httpApi);
    const created = await answer(
      engine,
      keyed(`${base}/accounts`, {
        method: "POST",
        headers: json,
        body: '{"label":"savings"}',
      }),
    );
    expect(created.status).toBe(201);
    expect(
      validateValue(
        created.body,
        { kind: "ref", name: "Account" },
        httpApi.schemas,
      ),
    ).toEqual([]);
    const deleted = await answer(
      engine,
      keyed(`${base}/accounts/42`, { method: "DELETE" }),
    );
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(deleted.headers.get("content-type")).toBeNull();
    expect(engine.calls.map((call) => [call.status, call.applied])).toEqual([
      [201, true],
      [204, true],
    ]);
  });

  it("takes no body, and needs no content type, where the operation takes none", async () => {
    const engine = createMockEngine(httpApi);
    const url = `${base}/accounts/42`;
    expect(
      (await answer(engine, keyed(url, { method: "DELETE" }))).status,
    ).toBe(204);
    const sent = await answer(
      engine,
      keyed(url, { method: "DELETE", headers: json, body: "{}" }),
    );
    expect(sent.status).toBe(400);
    expect(sent.body.error).toEqual({
      code: "invalid_request",
      message: "delete_account takes no request body",
    });
    // An override's status wins over the stated one.
    engine.setOverride("delete_account", {
      status: 202,
      response: { queued: true },
    });
    const overridden = await answer(engine, keyed(url, { method: "DELETE" }));
    expect(overridden).toMatchObject({ status: 202, body: { queued: true } });
  });

  it("still checks a body it takes: content type, then its schema", async () => {
    const engine = createMockEngine(httpApi);
    const url = `${base}/accounts`;
    const plain = await answer(
      engine,
      keyed(url, { method: "POST", body: '{"label":"x"}' }),
    );
    const bad = await answer(
      engine,
      keyed(url, { method: "POST", headers: json, body: '{"label":7}' }),
    );
    expect([plain.status, bad.status]).toEqual([415, 400]);
    expect(bad.body.error.code).toBe("validation_failed");
  });

  it("answers a status fault with the body the spec states for that status", async () => {
    const engine = createMockEngine(httpApi);
    const url = `${base}/accounts/42`;
    engine.setOverride("get_account", {
      fault: { kind: "status", status: 404 },
    });
    const stated = await answer(engine, keyed(url));
    expect(stated.status).toBe(404);
    expect(
      validateValue(
        stated.body,
        { kind: "ref", name: "Problem" },
        httpApi.schemas,
      ),
    ).toEqual([]);
    // A stated status without a body answers none; an unstated one, the
    // mock's convention body.
    engine.setOverride("get_account", {
      fault: { kind: "status", status: 410 },
    });
    expect(await answer(engine, keyed(url))).toMatchObject({
      status: 410,
      text: "",
    });
    engine.setOverride("get_account", {
      fault: { kind: "status", status: 503 },
    });
    expect((await answer(engine, keyed(url))).body).toEqual({
      error: {
        code: "injected_fault",
        message: "Injected fault: status 503",
      },
    });
  });

  it("limits nothing without a plan, unless the options set a limit", async () => {
    const engine = createMockEngine(httpApi);
    for (let i = 0; i < 120; i++) {
      expect((await answer(engine, keyed(`${base}/accounts/me`))).status).toBe(
        200,
      );
    }
    const limited = createMockEngine(httpApi, {
      rateLimit: { limit: 1, intervalMs: 60_000 },
    });
    await answer(limited, keyed(`${base}/accounts/me`));
    expect((await answer(limited, keyed(`${base}/accounts/me`))).status).toBe(
      429,
    );
  });

  it("serves at the API's own mock host unless told otherwise", () => {
    expect(createMockEngine(httpApi).options.baseUrl).toBe(
      "https://accounts.mock",
    );
    expect(
      createMockEngine(httpApi, { baseUrl: "http://127.0.0.1:9" }).urlFor(
        "health",
      ),
    ).toBe("http://127.0.0.1:9/health");
  });
});
