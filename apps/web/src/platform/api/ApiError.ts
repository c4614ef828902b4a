/** The rejection of a failed call: its message is the user-facing text of spec §8. */
export class ApiError extends Error {
  readonly operation: string;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;
  readonly isCanceled: boolean;
  /** The "<View>.<Field>" key of the field the message is about, when the server names one (issue 30): a form shows the message there. */
  readonly field: string | undefined;

  constructor(message: string, details: { operation: string; status?: number; isCanceled?: boolean; field?: string }) {
    super(message);
    this.name = 'ApiError';
    this.operation = details.operation;
    this.status = details.status;
    this.isCanceled = details.isCanceled ?? false;
    this.field = details.field;
  }
}
