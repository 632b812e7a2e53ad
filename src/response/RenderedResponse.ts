/** A response ready to be written by any framework: status, headers, and the body text (or none). */
export interface RenderedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}
