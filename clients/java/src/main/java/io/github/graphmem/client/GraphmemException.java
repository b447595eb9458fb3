package io.github.graphmem.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;

/**
 * A failed call, decoded from the {@code google.rpc.Status} the service returns: the canonical code, the
 * message, the ErrorInfo reason and domain, and the BadRequest field violations.
 */
public final class GraphmemException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** One bad request field (for example {@code scope.user_id}) and what is wrong with it. */
  public record FieldViolation(String field, String description) {}

  private final Status.Code code;
  private final String reason;
  private final String domain;
  private final List<FieldViolation> fieldViolations;

  private GraphmemException(
      StatusRuntimeException cause, String reason, String domain, List<FieldViolation> violations) {
    super(describe(cause.getStatus(), violations), cause);
    this.code = cause.getStatus().getCode();
    this.reason = reason;
    this.domain = domain;
    this.fieldViolations = List.copyOf(violations);
  }

  /** Decodes the status details of a failed call. */
  public static GraphmemException from(StatusRuntimeException cause) {
    String reason = "";
    String domain = "";
    List<FieldViolation> violations = new ArrayList<>();
    com.google.rpc.Status status = StatusProto.fromThrowable(cause);
    if (status != null) {
      for (Any detail : status.getDetailsList()) {
        try {
          if (detail.is(ErrorInfo.class)) {
            ErrorInfo info = detail.unpack(ErrorInfo.class);
            reason = info.getReason();
            domain = info.getDomain();
          } else if (detail.is(BadRequest.class)) {
            for (BadRequest.FieldViolation v : detail.unpack(BadRequest.class).getFieldViolationsList()) {
              violations.add(new FieldViolation(v.getField(), v.getDescription()));
            }
          }
        } catch (InvalidProtocolBufferException e) {
          // A malformed detail is ignored: the code and message still describe the failure.
        }
      }
    }
    return new GraphmemException(cause, reason, domain, violations);
  }

  private static String describe(Status status, List<FieldViolation> violations) {
    StringBuilder text = new StringBuilder("graphmem: ").append(status.getCode()).append(": ");
    text.append(status.getDescription());
    for (FieldViolation v : violations) {
      text.append("; ").append(v.field()).append(": ").append(v.description());
    }
    return text.toString();
  }

  public Status.Code code() {
    return code;
  }

  public String reason() {
    return reason;
  }

  public String domain() {
    return domain;
  }

  public List<FieldViolation> fieldViolations() {
    return fieldViolations;
  }
}
