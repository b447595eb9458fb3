/** A failed call, decoded from the google.rpc.Status the service returns in `grpc-status-details-bin`. */
import { Metadata, ServiceError, status } from "@grpc/grpc-js";
import { Status } from "./gen/google/rpc/status";
import { BadRequest, ErrorInfo } from "./gen/google/rpc/error_details";

/** One bad request field (for example `scope.user_id`) and what is wrong with it. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** The canonical code, message, ErrorInfo reason/domain and BadRequest field violations of a failed call. */
export class GraphmemError extends Error {
  readonly code: status;
  readonly details: string;
  readonly reason: string;
  readonly domain: string;
  readonly fieldViolations: FieldViolation[];
  readonly metadata: Metadata;

  constructor(cause: ServiceError) {
    const decoded = decodeStatus(cause.metadata);
    const violations = decoded.fieldViolations.map((v) => `; ${v.field}: ${v.description}`).join("");
    super(`graphmem: ${status[cause.code]}: ${cause.details}${violations}`, { cause });
    this.name = "GraphmemError";
    this.code = cause.code;
    this.details = cause.details;
    this.reason = decoded.reason;
    this.domain = decoded.domain;
    this.fieldViolations = decoded.fieldViolations;
    this.metadata = cause.metadata;
  }
}

const TYPE_PREFIX = "type.googleapis.com/";

function decodeStatus(metadata: Metadata | undefined): { reason: string; domain: string; fieldViolations: FieldViolation[] } {
  const out = { reason: "", domain: "", fieldViolations: [] as FieldViolation[] };
  const raw = metadata?.get("grpc-status-details-bin")[0];
  if (!(raw instanceof Buffer)) {
    return out;
  }
  for (const detail of Status.decode(raw).details) {
    const type = detail.typeUrl.startsWith(TYPE_PREFIX) ? detail.typeUrl.slice(TYPE_PREFIX.length) : detail.typeUrl;
    if (type === "google.rpc.ErrorInfo") {
      const info = ErrorInfo.decode(detail.value);
      out.reason = info.reason;
      out.domain = info.domain;
    } else if (type === "google.rpc.BadRequest") {
      for (const v of BadRequest.decode(detail.value).fieldViolations) {
        out.fieldViolations.push({ field: v.field, description: v.description });
      }
    }
  }
  return out;
}
