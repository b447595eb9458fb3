package graphmem

import (
	"errors"
	"fmt"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// FieldViolation names one bad request field (for example "scope.user_id") and what is wrong with it.
type FieldViolation struct {
	Field       string
	Description string
}

// Error is a failed call, decoded from the google.rpc.Status the service returns: the canonical code,
// the message, the stable reason and domain of its ErrorInfo, and the field violations of its BadRequest.
// Use errors.As to get it; status.Code(err) keeps working because it implements GRPCStatus.
type Error struct {
	Code            codes.Code
	Message         string
	Reason          string
	Domain          string
	FieldViolations []FieldViolation
	status          *status.Status
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "graphmem: %s: %s", e.Code, e.Message)
	if e.Reason != "" {
		fmt.Fprintf(&b, " (reason %s)", e.Reason)
	}
	for _, v := range e.FieldViolations {
		fmt.Fprintf(&b, "; %s: %s", v.Field, v.Description)
	}
	return b.String()
}

// GRPCStatus returns the status the error was decoded from.
func (e *Error) GRPCStatus() *status.Status { return e.status }

// Is matches another *Error with the same code, so errors.Is(err, &graphmem.Error{Code: codes.NotFound}) works.
func (e *Error) Is(target error) bool {
	var t *Error
	return errors.As(target, &t) && t.Code == e.Code
}

// decodeError turns a gRPC error into *Error; nil stays nil and non-status errors pass through.
func decodeError(err error) error {
	if err == nil {
		return nil
	}
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	out := &Error{Code: st.Code(), Message: st.Message(), status: st}
	for _, detail := range st.Details() {
		switch d := detail.(type) {
		case *errdetails.ErrorInfo:
			out.Reason, out.Domain = d.GetReason(), d.GetDomain()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				out.FieldViolations = append(out.FieldViolations, FieldViolation{Field: v.GetField(), Description: v.GetDescription()})
			}
		}
	}
	return out
}
