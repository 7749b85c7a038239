// One line of `gatehouse doctor`'s report (and of its --json form): the doctor
// and the touch-set guard's checks (guard-doctor.ts) both produce them.
import * as z from "zod";

export const FindingSchema = z.object({
  level: z.enum(["ok", "info", "warn", "error"]),
  /** What the finding is about: `claude project`, `bundle …`, `daemon`. */
  subject: z.string(),
  message: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;
