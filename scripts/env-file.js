// The optional .env file of the folder a command starts from (README "Configuration"): loaded when it is there,
// without a word when it is not. A variable the environment sets wins over the file's.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
