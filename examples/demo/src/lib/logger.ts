export const logger = {
  info(message: string) {
    process.stdout.write(`${new Date().toISOString()} ${message}\n`);
  },
};
