import { z } from "zod";

const Query = z.object({ verbose: z.boolean().optional() });

export function health(query: unknown) {
  const { verbose } = Query.parse(query);
  return verbose ? { status: "ok", uptime: process.uptime() } : { status: "ok" };
}
