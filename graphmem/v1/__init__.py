"""Generated protobuf and gRPC code for graphmem.v1; never edited by hand."""
