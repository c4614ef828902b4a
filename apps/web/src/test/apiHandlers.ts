import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { OPERATIONS_BASE_PATH } from '../platform/api/callOperation';

/** `IService/Operation`, the way the server's `defineOperation({ service, operation })` names it. */
export type OperationName = `I${string}Service/${string}`;

/** The contract of one operation: the schemas the server's operation definition names. */
export interface OperationContract<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  response: Res;
}

/**
 * What a handler answers: a body the response schema accepts, or an error answer from
 * `operationFailure` (errors carry spec §8's Message, not the operation's answer).
 */
export type OperationAnswer<Res extends z.ZodType> = z.input<Res> | Response;

export type OperationResolver<Req extends z.ZodType, Res extends z.ZodType> = (
  body: z.output<Req>,
  info: { request: Request; url: URL },
) => OperationAnswer<Res> | Promise<OperationAnswer<Res>>;

const violations: string[] = [];

/** One call the portal made: its body as sent (before the request schema's defaults) and its headers. */
export interface SentCall {
  body: unknown;
  headers: Headers;
}
const sent: (SentCall & { name: OperationName })[] = [];

/**
 * An MSW handler for `POST /DataModel/service.svc/rest/<IService>/<Operation>` held to the
 * operation's contract: the request body must pass the request schema (the resolver gets what the
 * server's handler would get) and the resolver's answer must pass the response schema. A body or
 * an answer that drifts from the contract answers 500 and fails the test (see `assertContractsKept`).
 */
export function operation<Req extends z.ZodType, Res extends z.ZodType>(name: OperationName, contract: OperationContract<Req, Res>, resolver: NoInfer<OperationResolver<Req, Res>>) {
  return http.post(`${OPERATIONS_BASE_PATH}/${name}`, async ({ request }) => {
    const url = new URL(request.url);
    const input = await requestInput(request, url);
    sent.push({ name, body: input, headers: request.headers });
    const parsedBody = contract.request.safeParse(input);
    if (!parsedBody.success) return broken(`${name} was called with a body its request schema refuses: ${issuesText(parsedBody.error)}`);

    const answer = await resolver(parsedBody.data, { request, url });
    if (answer instanceof Response) {
      return answer.ok ? broken(`${name} answered ${answer.status} with a raw Response: answer with a body the response schema checks`) : answer;
    }
    const checkedAnswer = contract.response.safeParse(answer);
    if (!checkedAnswer.success) return broken(`${name} answered with a body its response schema refuses: ${issuesText(checkedAnswer.error)}`);
    // Like the server, send the answer as the handler gave it, not as the schema would transform it.
    return answer === undefined ? new HttpResponse(null, { status: 200 }) : HttpResponse.json(answer as never);
  });
}

/** An error answer the way the server sends one (spec §8: the text in Message, the view field in Field). */
export function operationFailure(status: number, Message: string, extra: { Field?: string; Key?: string } = {}) {
  return HttpResponse.json({ Message, ...extra }, { status });
}

/** The calls the portal made to `name` in this test, in order. */
export function callsTo(name: OperationName): SentCall[] {
  return sent.filter((call) => call.name === name).map(({ body, headers }) => ({ body, headers }));
}

/** The bodies the portal sent to `name` in this test, in order, as sent (before the request schema's defaults). */
export function bodiesSentTo(name: OperationName): unknown[] {
  return callsTo(name).map((call) => call.body);
}

/** Between tests: the next one starts with no calls sent. */
export function forgetSentBodies(): void {
  sent.length = 0;
}

/** Throws, naming every contract a test's calls or answers broke since the last check, and forgets them. */
export function assertContractsKept(): void {
  const broken = violations.splice(0);
  if (broken.length > 0) throw new Error(`Contract broken:\n- ${broken.join('\n- ')}`);
}

/**
 * A file upload (callOperationWithFile) carries its fields in the query and the file as the body;
 * every other call carries a JSON body, an empty one meaning `{}` as on the server.
 */
async function requestInput(request: Request, url: URL): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.startsWith('application/octet-stream')) return Object.fromEntries(url.searchParams);
  const text = await request.clone().text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function broken(message: string) {
  violations.push(message);
  return HttpResponse.json({ Message: message }, { status: 500 });
}

function issuesText(error: { issues: readonly z.core.$ZodIssue[] }, prefix: PropertyKey[] = []): string {
  return error.issues
    .map((issue) => {
      const path = [...prefix, ...issue.path];
      // A union names no field itself: say what each of its options refused.
      if (issue.code === 'invalid_union' && issue.errors.length > 0) return issue.errors.map((issues) => issuesText({ issues }, path)).join(' | or | ');
      return `${path.map(String).join('.') || '(body)'}: ${issue.message}`;
    })
    .join('; ');
}
