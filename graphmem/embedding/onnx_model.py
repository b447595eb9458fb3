"""A serialised ONNX model written directly in the protobuf wire format, for the few message kinds a small
inference graph needs: a model of one graph, its nodes (with int and float attributes), float32 / int64 tensors as
initialisers and typed inputs and outputs.

ONNX Runtime takes a model as bytes. The `onnx` package that usually writes them costs about 0.6 s to import and
20 MB of memory for the server's life; this writer is what `graphmem.embedding.usem3_graph` needs of it. Field
numbers are those of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto,
TypeProto, TensorShapeProto, OperatorSetIdProto); tests/integration/test_onnx_model.py checks the output with the
`onnx` package's own parser and checker.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["Graph"]

_FLOAT, _INT64 = 1, 7  # TensorProto.DataType
_ATTR_FLOAT, _ATTR_INT = 1, 2  # AttributeProto.AttributeType
_VARINT, _FIXED32, _BYTES = 0, 5, 2  # wire types
_U64 = (1 << 64) - 1


def _varint(value: int) -> bytes:
    value &= _U64  # a negative int64 is written as its 64-bit two's complement
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _key(field: int, wire: int) -> bytes:
    return _varint(field << 3 | wire)


def _int(field: int, value: int) -> bytes:
    return _key(field, _VARINT) + _varint(value)


def _float(field: int, value: float) -> bytes:
    return _key(field, _FIXED32) + struct.pack("<f", value)


def _bytes(field: int, value: bytes) -> bytes:
    return _key(field, _BYTES) + _varint(len(value)) + value


def _str(field: int, value: str) -> bytes:
    return _bytes(field, value.encode())


def _tensor(name: str, value: npt.ArrayLike) -> bytes:
    array = np.asarray(value)
    if array.dtype == np.float32:
        kind = _FLOAT
    elif array.dtype == np.int64:
        kind = _INT64
    else:
        raise TypeError(f"initialiser {name!r}: float32 or int64 only, not {array.dtype}")
    dims = b"".join(_int(1, d) for d in array.shape)
    raw = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<")).tobytes()
    return dims + _int(2, kind) + _str(8, name) + _bytes(9, raw)


def _value_info(name: str, elem_type: int, shape: Sequence[int | str]) -> bytes:
    dims = b"".join(_bytes(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in shape)
    tensor_type = _int(1, elem_type) + _bytes(2, dims)
    return _str(1, name) + _bytes(2, _bytes(1, tensor_type))


def _attribute(name: str, value: int | float) -> bytes:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"attribute {name!r}: int or float only")
    if isinstance(value, int):
        return _str(1, name) + _int(3, value) + _int(20, _ATTR_INT)
    return _str(1, name) + _float(2, value) + _int(20, _ATTR_FLOAT)


class Graph:
    """One ONNX graph under construction: `const` adds an initialiser, `node` an operator; `model` serialises it
    as a ModelProto."""

    FLOAT = _FLOAT
    INT64 = _INT64

    def __init__(self, name: str) -> None:
        self._name = name
        self._nodes: list[bytes] = []
        self._initialisers: list[bytes] = []

    def const(self, name: str, value: npt.ArrayLike) -> str:
        self._initialisers.append(_tensor(name, value))
        return name

    def node(self, op: str, inputs: Sequence[str], output: str, **attributes: int | float) -> str:
        body = b"".join(_str(1, i) for i in inputs) + _str(2, output) + _str(3, output) + _str(4, op)
        body += b"".join(_bytes(5, _attribute(k, v)) for k, v in attributes.items())
        self._nodes.append(body)
        return output

    def model(
        self,
        inputs: Sequence[tuple[str, int, Sequence[int | str]]],
        outputs: Sequence[tuple[str, int, Sequence[int | str]]],
        *,
        opset: int,
        ir_version: int,
    ) -> bytes:
        """The ModelProto bytes; `inputs` and `outputs` are (name, element type, shape with names for free
        dimensions)."""
        graph = b"".join(_bytes(1, n) for n in self._nodes) + _str(2, self._name)
        graph += b"".join(_bytes(5, t) for t in self._initialisers)
        graph += b"".join(_bytes(11, _value_info(*i)) for i in inputs)
        graph += b"".join(_bytes(12, _value_info(*o)) for o in outputs)
        opset_import = _str(1, "") + _int(2, opset)
        return _int(1, ir_version) + _str(2, "graphmem") + _bytes(7, graph) + _bytes(8, opset_import)
