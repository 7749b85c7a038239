// The page's side of the worker: requests with ids, and for the two things
// that change on every keystroke (the bundle, the event) only the newest
// request counts — an answer to a request since replaced is dropped.
import type { Request, Response } from "./protocol.js";

type Answer<T extends Response["type"]> = Extract<Response, { type: T }>;
type Body<R> = R extends { id: number } ? Omit<R, "id"> : never;

export class EngineClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, (r: Response) => void>();
  private readonly latest = new Map<string, number>();
  readonly ready: Promise<Answer<"ready">>;

  constructor(url: URL, onFatal: (error: string) => void) {
    this.worker = new Worker(url, { type: "module" });
    let resolveReady!: (r: Answer<"ready">) => void;
    this.ready = new Promise((resolve) => (resolveReady = resolve));
    this.worker.addEventListener("message", (event: MessageEvent<Response>) => {
      const r = event.data;
      if (r.type === "ready") resolveReady(r);
      else if (r.type === "fatal") onFatal(r.error);
      else {
        const done = this.pending.get(r.id);
        this.pending.delete(r.id);
        done?.(r);
      }
    });
    this.worker.addEventListener("error", (event) => onFatal(`the engine worker failed: ${event.message || "could not load worker.js"}`));
  }

  /** Send a request; resolves with its answer, or null when a newer request of the same `lane` replaced it first. */
  request<T extends Request["type"]>(body: { type: T } & Body<Extract<Request, { type: T }>>, lane: string | null = null): Promise<Answer<T> | null> {
    const id = this.nextId++;
    if (lane !== null) this.latest.set(lane, id);
    return new Promise((resolve) => {
      this.pending.set(id, (r) => resolve(lane !== null && this.latest.get(lane) !== id ? null : (r as Answer<T>)));
      this.worker.postMessage({ ...body, id } as Request);
    });
  }
}
