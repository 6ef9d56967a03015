"""A faster ``__init__`` for the frozen, slotted dataclasses a search creates millions of
times (the events of every simulated move, ``Pending``).

A frozen dataclass's own ``__init__`` stores each field with ``object.__setattr__(self,
name, value)``, which looks the slot up by name at every call. ``quick_init`` gives the class
an ``__init__`` with the same parameters and defaults that stores each field through its
slot's descriptor, found once: the same object in half the time, as frozen as before (only
``__init__`` changes; equality, hashing, ``repr``, pickling are the dataclass's own).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor that stores field ``name`` (in the class or a base)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__}.{name} has no slot")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of the frozen, slotted dataclass ``cls`` (as a decorator
    above ``@dataclass``, or called on the class); anything else is refused."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} has no slots")
    if hasattr(cls, "__post_init__"):  # the dataclass's __init__ calls it; this one would not
        raise TypeError(f"{cls.__name__} has a __post_init__")
    # The source is built from the class's own field names (identifiers, as dataclasses
    # builds its ``__init__``); the values are passed in the namespace, never as text.
    namespace: dict[str, Any] = {}
    args, body = [], []
    for i, f in enumerate(fields(cls)):
        if not f.init or f.kw_only or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields are supported")
        namespace[f"_set{i}"] = _slot(cls, f.name).__set__
        if f.default is MISSING:
            args.append(f.name)
        else:
            namespace[f"_default{i}"] = f.default
            args.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(args)}):\n" + ("\n".join(body) or "    pass")
    exec(source, namespace)  # noqa: S102 (code from field names, as dataclasses does)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning to a method)
    return cls
