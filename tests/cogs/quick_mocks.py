"""Spec'd mocks that do unittest.mock's per-spec work once per spec instead of once per mock.

Python 3.11's mock reads every attribute of a spec (to find its coroutine functions), takes its signature,
and gives a MagicMock every magic method only to remove most of them again, each time a mock is made. The
fake Discord makes thousands of mocks of the same few discord.py classes and methods, so these costs were
most of the CPU time of the cog tests. The mocks made here end in the same state as mock's own: the same
spec, attribute list, coroutine names, signature check and magic methods.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any
from unittest import mock
from unittest.mock import AsyncMock, MagicMock, NonCallableMagicMock

_SpecParts = tuple[Any, Any, list[str], list[str]]  # spec class, signature, attribute names, coroutine names
_signature_object = mock._get_signature_object  # type: ignore[attr-defined]


@cache
def _signature_object_of(spec: Any, as_instance: bool, eat_self: bool) -> tuple[Callable[..., Any], Any] | None:
    return _signature_object(spec, as_instance, eat_self)  # type: ignore[no-any-return]


def _signature_object_once(spec: Any, as_instance: bool, eat_self: bool) -> tuple[Callable[..., Any], Any] | None:
    """``mock._get_signature_object``, taken once per spec. Every AsyncMock gives itself a ``__code__`` mock
    specced on CodeType, whose signature inspect parses from its docstring each time (2 ms: a tenth of the
    cog tests' CPU). A signature is immutable, so one serves every mock of the spec."""
    try:
        return _signature_object_of(spec, as_instance, eat_self)
    except TypeError:  # an unhashable spec
        return _signature_object(spec, as_instance, eat_self)  # type: ignore[no-any-return]


mock._get_signature_object = _signature_object_once  # type: ignore[attr-defined]


@cache
def _spec_parts(spec: Any, as_instance: bool, eat_self: bool) -> _SpecParts:
    """What ``NonCallableMock._mock_add_spec`` derives from ``spec`` (a class or function, never None)."""
    asyncs = [attr for attr in dir(spec) if mock.iscoroutinefunction(getattr(spec, attr, None))]
    found = _signature_object_once(spec, as_instance, eat_self)
    return (spec if isinstance(spec, type) else type(spec)), found and found[1], dir(spec), asyncs


@cache
def _signature_check(func: Callable[..., Any], skipfirst: bool) -> tuple[Callable[..., None], Any] | None:
    """What ``mock._check_signature`` puts on a mock's class: a checker that raises TypeError as a call of
    ``func`` with those arguments would, and the signature."""
    found = _signature_object_once(func, False, skipfirst)
    if found is None:
        return None
    original, signature = found

    def checksig(self: Any, /, *args: Any, **kwargs: Any) -> None:
        signature.bind(*args, **kwargs)

    mock._copy_func_details(original, checksig)  # type: ignore[attr-defined]
    return checksig, signature


def check_signature(func: Callable[..., Any], child: Any, skipfirst: bool) -> None:
    """``mock._check_signature(func, child, skipfirst)``, the signature taken once per function."""
    found = _signature_check(func, skipfirst)
    if found is not None:
        type(child)._mock_check_sig, type(child).__signature__ = found


class _QuickSpec:
    """Mixin for mock classes: the spec's parts from the cache, and the magic methods set once."""

    __dict__: dict[str, Any]

    def _mock_add_spec(
        self, spec: Any, spec_set: Any, _spec_as_instance: bool = False, _eat_self: bool = False
    ) -> None:
        try:
            if spec is None or mock._is_list(spec) or mock._is_instance_mock(spec):  # type: ignore[attr-defined]
                raise TypeError("mock's own way")
            spec_class, signature, names, asyncs = _spec_parts(spec, _spec_as_instance, _eat_self)
        except TypeError:  # no spec, a list of names, a mock, or a spec that is not hashable
            super()._mock_add_spec(spec, spec_set, _spec_as_instance, _eat_self)  # type: ignore[misc]
            return
        self.__dict__.update(
            _spec_class=spec_class, _spec_set=spec_set, _spec_signature=signature, _mock_methods=names,
            _spec_asyncs=asyncs,
        )

    def _mock_set_magics(self) -> None:
        # MagicMixin calls this before the spec is known (for magic methods given as keyword arguments, which
        # these mocks never get) and again after: only the second call decides which magics stay.
        if "_mock_methods" in self.__dict__:
            super()._mock_set_magics()  # type: ignore[misc]


class QuickMagicMock(_QuickSpec, MagicMock):
    pass


class QuickAsyncMock(_QuickSpec, AsyncMock):
    pass


class QuickNonCallableMagicMock(_QuickSpec, NonCallableMagicMock):
    pass
