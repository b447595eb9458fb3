/** The graphmem.v1 TypeScript client: GraphmemClient, GraphmemError and every generated message type. */
export { ClientOptions, DEV_API_KEY, GraphmemClient } from "./client";
export { FieldViolation, GraphmemError } from "./errors";
export * from "./gen/graphmem/v1/memory_service";
