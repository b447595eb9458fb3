"""The gRPC front of graphmem: grpc.aio server, servicer, conversion, interceptors and the CLI."""
