import "server-only";
import type SCIMMYType from "scimmy";
import { config } from "../config";
import { AppError } from "../errors";
import { errField, log } from "../log";
import { clientIp } from "../auth/ip";
import { takeNamedToken, rateHeaders } from "../limits/rate-limit";
import { hashToken } from "../tokens";
import { orgOfScimToken } from "./tokens";
import {
  deleteGroup,
  deleteUser,
  readGroups,
  readUsers,
  ScimFault,
  writeGroup,
  writeUser,
  type GroupInput,
  type UserInput,
} from "./directory";

/**
 * The SCIM 2.0 service provider at /scim/v2 (RFC 7644): Users, Groups, ServiceProviderConfig, Schemas and
 * ResourceTypes. SCIMMY (a kept implementation of RFC 7643/7644) reads and checks what comes in against the
 * schemas, parses filters, applies PATCH operations, pages lists and writes every answer and error in the
 * RFC's shapes; directory.ts keeps the staff and groups. Authenticated by a SCIM bearer token, which names
 * the organization; limited per client address and per token. SCIMMY loads with the first SCIM request.
 */
type Scimmy = typeof SCIMMYType;
type Ctx = { orgId: string; failure?: unknown };

const SCIM_JSON = "application/scim+json";
/** A SCIM request is a user or a group: a large group's PUT is the biggest. */
const MAX_BODY = 1024 * 1024;
const PER_MINUTE_PER_ADDRESS = 600;
const PER_MINUTE_PER_TOKEN = 1200;

export const scimBase = () => `${config.publicBaseUrl}/scim/v2`;

let ready: Promise<Scimmy> | null = null;

type Expression = { [attr: string]: [string, unknown] | Expression };
/**
 * userName and e-mail addresses are not case-exact (RFC 7643 §4.1.1), and Signet keeps them in lower case;
 * SCIMMY compares as given. A filter's values for them are read in lower case (the filter's own parse, copied).
 */
function caseless(S: Scimmy, filter: InstanceType<Scimmy["Types"]["Filter"]>) {
  const lower = (e: Expression, inEmails: boolean): Expression =>
    Object.fromEntries(
      Object.entries(e).map(([k, v]) => {
        const folded = /^username$/i.test(k) || (inEmails && /^value$/i.test(k));
        if (Array.isArray(v)) return [k, folded && typeof v[1] === "string" ? [v[0], v[1].toLowerCase()] : v];
        return [k, lower(v, /^emails$/i.test(k))];
      }),
    );
  const copy = (JSON.parse(JSON.stringify(filter)) as Expression[]).map((e) => lower(e, false));
  try {
    return new S.Types.Filter(copy as never);
  } catch (e) {
    // A comparison without its value ("userName eq") passes SCIMMY's first reading, not its second.
    throw new ScimFault(400, "invalidFilter", e instanceof Error ? e.message : "The filter is not valid");
  }
}

/** A handler's failure: ScimFault as SCIM's error; anything else kept aside (SCIMMY would call it a 404) and answered 500. */
function guarded<A extends unknown[], R>(S: Scimmy, fn: (ctx: Ctx, ...a: A) => Promise<R>) {
  return async (ctx: Ctx, ...a: A): Promise<R> => {
    try {
      return await fn(ctx, ...a);
    } catch (e) {
      if (e instanceof ScimFault) throw new S.Types.Error(e.status as never, e.scimType as never, e.message);
      if (e instanceof S.Types.Error) throw e;
      ctx.failure = e;
      throw e;
    }
  };
}

function setUp(): Promise<Scimmy> {
  ready ??= import("scimmy").then(({ default: S }) => {
    const base = scimBase();
    S.Config.set({
      documentationUri: `${config.publicBaseUrl}/docs/api#provisioning-scim-20`,
      patch: true,
      filter: { supported: true, maxResults: 200 },
      bulk: false,
      changePassword: false,
      sort: true,
      etag: false,
      authenticationSchemes: [
        {
          type: "oauthbearertoken",
          name: "SCIM bearer token",
          description: "A token an admin makes at /settings/sign-in (Provisioning), sent as Authorization: Bearer scim_…",
          primary: true,
        },
      ],
    });
    for (const r of [S.Resources.ServiceProviderConfig, S.Resources.Schema, S.Resources.ResourceType]) r.basepath(base);
    const users = guarded(S, async (ctx, resource: InstanceType<Scimmy["Resources"]["User"]>) => {
      const all = await readUsers(ctx.orgId, resource.id);
      if (resource.id) {
        if (!all.length) throw new ScimFault(404, null, `Resource ${resource.id} not found`);
        return all[0]!;
      }
      return resource.filter ? caseless(S, resource.filter).match(all) : all;
    });
    const groups = guarded(S, async (ctx, resource: InstanceType<Scimmy["Resources"]["Group"]>) => {
      const all = await readGroups(ctx.orgId, resource.id);
      if (resource.id) {
        if (!all.length) throw new ScimFault(404, null, `Resource ${resource.id} not found`);
        return all[0]!;
      }
      return resource.filter ? resource.filter.match(all) : all;
    });
    S.Resources.declare(S.Resources.User, {
      basepath: base,
      egress: (resource: never, ctx: Ctx) => users(ctx, resource),
      ingress: (resource: { id?: string }, instance: unknown, ctx: Ctx) =>
        guarded(S, (c: Ctx) => writeUser(c.orgId, resource.id, instance as UserInput))(ctx),
      degress: (resource: { id?: string }, ctx: Ctx) => guarded(S, (c: Ctx) => deleteUser(c.orgId, resource.id ?? ""))(ctx),
    } as never);
    S.Resources.declare(S.Resources.Group, {
      basepath: base,
      egress: (resource: never, ctx: Ctx) => groups(ctx, resource),
      ingress: (resource: { id?: string }, instance: unknown, ctx: Ctx) =>
        guarded(S, (c: Ctx) => writeGroup(c.orgId, resource.id, instance as GroupInput))(ctx),
      degress: (resource: { id?: string }, ctx: Ctx) => guarded(S, (c: Ctx) => deleteGroup(c.orgId, resource.id ?? ""))(ctx),
    } as never);
    return S;
  });
  return ready;
}

const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === undefined ? {} : { "content-type": SCIM_JSON }), "cache-control": "no-store", ...headers },
  });

const scimError = (status: number, detail: string, scimType?: string, headers: Record<string, string> = {}) =>
  answer(
    status,
    {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    },
    headers,
  );

/** How the route reads a body: whole, or refused with PAYLOAD_TOO_LARGE once it passes `limit` bytes (declared or streamed). */
export type ReadBody = (limit: number) => Promise<Uint8Array>;

async function bodyOf(read: ReadBody): Promise<unknown> {
  let buf: Uint8Array;
  try {
    buf = await read(MAX_BODY);
  } catch (e) {
    if (e instanceof AppError && e.code === "PAYLOAD_TOO_LARGE")
      throw new ScimFault(413, null, "The request is larger than 1 MB");
    if (e instanceof AppError && e.code === "BODY_UNREADABLE")
      throw new ScimFault(400, "invalidSyntax", "The request body could not be read");
    throw e;
  }
  if (!buf.byteLength) return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(buf));
  } catch {
    throw new ScimFault(400, "invalidSyntax", "The request body is not JSON");
  }
}

/** The list parameters a GET takes (RFC 7644 §3.4.2), as SCIMMY reads them. */
type Query = NonNullable<ConstructorParameters<Scimmy["Resources"]["User"]>[1]>;
function queryOf(url: URL): Query {
  const q: Record<string, string | number> = {};
  for (const k of ["filter", "attributes", "excludedAttributes", "sortBy", "sortOrder"]) {
    const v = url.searchParams.get(k);
    if (v !== null) {
      if (v.length > 2000) throw new ScimFault(400, "invalidValue", `${k} is longer than 2000 characters`);
      q[k] = v;
    }
  }
  for (const k of ["startIndex", "count"]) {
    const v = url.searchParams.get(k);
    if (v === null) continue;
    if (!/^\d{1,9}$/.test(v)) throw new ScimFault(400, "invalidValue", `${k} must be a non-negative whole number`);
    q[k] = Math.min(Number(v), k === "count" ? 200 : Number(v));
  }
  if (q.startIndex === 0) q.startIndex = 1;
  return q as Query;
}

async function limited(key: string, perMinute: number): Promise<Response | null> {
  const d = await takeNamedToken(key, perMinute);
  return d.allowed ? null : scimError(429, `Too many SCIM requests: at most ${d.limit} a minute`, undefined, rateHeaders(d));
}

/** One SCIM request: `path` is what follows /scim/v2/ (["Users", "{id}"], ["ServiceProviderConfig"], …). */
export async function handleScim(req: Request, path: string[], readBody: ReadBody): Promise<Response> {
  const ip = clientIp(req.headers, config.trustProxy);
  const byAddress = await limited(`scim-ip:${ip ?? "unknown"}`, PER_MINUTE_PER_ADDRESS);
  if (byAddress) return byAddress;
  const auth = req.headers.get("authorization");
  const who = await orgOfScimToken(auth);
  if (!who)
    return scimError(401, "A valid SCIM bearer token is required", undefined, { "www-authenticate": 'Bearer realm="scim"' });
  const byToken = await limited(`scim-token:${hashToken(auth ?? "")}`, PER_MINUTE_PER_TOKEN);
  if (byToken) return byToken;
  const S = await setUp();
  const ctx: Ctx = { orgId: who.orgId };
  const method = req.method.toUpperCase();
  const [kind, id, ...rest] = path;
  try {
    if (rest.length || path.length === 0) throw new ScimFault(404, null, "No such SCIM endpoint");
    if (kind === "ServiceProviderConfig" || kind === "Schemas" || kind === "ResourceTypes") {
      if (method !== "GET") throw new ScimFault(405, null, `${kind} is read-only`);
      if (kind === "ServiceProviderConfig") {
        if (id) throw new ScimFault(404, null, "No such SCIM endpoint");
        return answer(200, await new S.Resources.ServiceProviderConfig().read());
      }
      const R = kind === "Schemas" ? S.Resources.Schema : S.Resources.ResourceType;
      return answer(200, await (id ? new R(id) : new R()).read());
    }
    if (kind !== "Users" && kind !== "Groups") throw new ScimFault(404, null, "No such SCIM endpoint");
    const R = kind === "Users" ? S.Resources.User : S.Resources.Group;
    const url = new URL(req.url);
    const query = queryOf(url);
    if (method === "GET") return answer(200, await (id ? new R(id, query) : new R(undefined, query)).read(ctx));
    const resourceBody = async () => {
      const body = await bodyOf(readBody);
      const schema = R.schema.definition.id;
      const schemas = (body as { schemas?: unknown } | null)?.schemas;
      if (!Array.isArray(schemas) || !schemas.includes(schema))
        throw new ScimFault(400, "invalidSyntax", `The body's schemas must name ${schema}`);
      return body as never;
    };
    if (method === "POST" && !id) {
      if (url.searchParams.has("filter")) throw new ScimFault(400, "invalidSyntax", "Use GET to search");
      return answer(201, await new R(undefined, query).write(await resourceBody(), ctx));
    }
    if (!id) throw new ScimFault(405, null, `${method} needs a resource id`);
    if (method === "PUT") return answer(200, await new R(id, query).write(await resourceBody(), ctx));
    if (method === "PATCH") {
      const patched = await new R(id, query).patch((await bodyOf(readBody)) as never, ctx);
      return patched === undefined ? answer(204) : answer(200, patched);
    }
    if (method === "DELETE") {
      await new R(id).dispose(ctx);
      return answer(204);
    }
    throw new ScimFault(405, null, `${method} is not a SCIM method here`);
  } catch (e) {
    const failure = ctx.failure ?? e;
    if (failure instanceof ScimFault) return scimError(failure.status, failure.message, failure.scimType ?? undefined);
    if (failure instanceof S.Types.Error) {
      const err = failure as InstanceType<Scimmy["Types"]["Error"]>;
      return scimError(Number(err.status), err.message, err.scimType ?? undefined);
    }
    if (failure instanceof TypeError && failure === e)
      // SCIMMY reads what comes in by the schema and says what does not fit with a TypeError.
      return scimError(400, failure.message, "invalidValue");
    const ref = crypto.randomUUID();
    log().error({ err: errField(failure), ref, scim: path.join("/") }, "scim request failed");
    return scimError(500, `The request failed on the server (reference ${ref})`);
  }
}
