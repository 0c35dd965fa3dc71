"""The wheel carries libdeckhand.so, a binary for one platform: it is tagged py3-none-<platform>
(the library is loaded with ctypes, so any Python 3 on that platform can use it). The version
is the project's one version, from ../CMakeLists.txt."""

import os
import re
import sysconfig

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))


def project_version():
    with open(os.path.join(HERE, "..", "CMakeLists.txt"), encoding="utf-8") as f:
        match = re.search(r"project\(deckhand VERSION (\d+\.\d+\.\d+)", f.read())
    if not match:
        raise RuntimeError("no 'project(deckhand VERSION x.y.z' in ../CMakeLists.txt")
    return match.group(1)


class BinaryDistribution(Distribution):
    """Goes to platlib, like a package with an extension module."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        return "py3", "none", sysconfig.get_platform().replace("-", "_").replace(".", "_")


if not os.path.exists(os.path.join(HERE, "deckhand", "libdeckhand.so")):
    raise RuntimeError("deckhand/libdeckhand.so is missing: build the wheel with `make python`")

setup(version=project_version(), distclass=BinaryDistribution,
      cmdclass={"bdist_wheel": PlatformWheel})
