// A failure a command explains in one line, with the exit code it means
// (src/model/exit-codes.ts). Its own module so that `main` can catch it without
// importing the engine: a command's code is loaded only when it runs.
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
