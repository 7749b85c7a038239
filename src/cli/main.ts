// `gatehouse` command-line entry. Each subcommand lives in its own file.
export async function main(argv: string[]): Promise<number> {
  process.stderr.write(`gatehouse: unknown command ${JSON.stringify(argv[0] ?? "")}\n`);
  return 64;
}
