import { logger } from "../../lib/logger";

export async function createOrder(body: any) {
  console.log("creating order", body);
  logger.info("order created");
  return { id: 1, ...body };
}
