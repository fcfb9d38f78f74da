"""What the compiler's index store says the users of the public API refer to (issue 39).

A debug build (`swift build --build-tests`) writes an index store beside its products
(.build/<triple>/debug/index/store): for every compiled file, each symbol it declares or
refers to, by USR, the compiler's own name for it (the `precise` identifier of a symbol
graph). This module reads the store through the toolchain's libIndexStore (its C API, by
ctypes) and answers two questions:

- which USRs the files under some folders refer to: a reference (a call, a read, a type
  named, an implicit member `.value1`, an initializer called as `Type(…)`), and a
  requirement or a method the file's own declarations implement or override (a data source
  that writes `numberOfRows(inSection:)` uses that requirement though it never calls it);
- which requirements or base methods each declaration of the other files implements or
  overrides (a library type's `description` witnesses `CustomStringConvertible`'s).

Only files that still exist count: the store keeps the records of a deleted file.
"""
import ctypes
import os
import shutil

_REFERENCE = 1 << 2
_DECLARATION = 1 << 0
_DEFINITION = 1 << 1
_REL_OVERRIDEOF = 1 << 11
_DEPENDENCY_RECORD = 2


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


def _library():
    """libIndexStore of the toolchain that runs `swift` (or $INDEXSTORE_LIB)."""
    path = os.environ.get("INDEXSTORE_LIB")
    if not path:
        swift = os.path.realpath(shutil.which("swift") or "swift")
        lib = os.path.join(os.path.dirname(swift), "..", "lib")
        for name in ("libIndexStore.so", "libIndexStore.dylib"):
            if os.path.exists(os.path.join(lib, name)):
                path = os.path.join(lib, name)
                break
    if not path:
        raise SystemExit("error: libIndexStore not found beside swift; set INDEXSTORE_LIB")
    lib = ctypes.CDLL(path)
    pointer = ctypes.c_void_p
    for name, result, arguments in [
        ("indexstore_store_create", pointer, [ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_store_dispose", None, [pointer]),
        ("indexstore_unit_reader_create", pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_unit_reader_dispose", None, [pointer]),
        ("indexstore_record_reader_create", pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_record_reader_dispose", None, [pointer]),
        ("indexstore_unit_dependency_get_kind", ctypes.c_int, [pointer]),
        ("indexstore_unit_dependency_get_name", _StringRef, [pointer]),
        ("indexstore_unit_dependency_get_filepath", _StringRef, [pointer]),
        ("indexstore_occurrence_get_symbol", pointer, [pointer]),
        ("indexstore_occurrence_get_roles", ctypes.c_uint64, [pointer]),
        ("indexstore_symbol_get_usr", _StringRef, [pointer]),
        ("indexstore_symbol_relation_get_roles", ctypes.c_uint64, [pointer]),
        ("indexstore_symbol_relation_get_symbol", pointer, [pointer]),
    ]:
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


_UnitApplier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _StringRef)
_PointerApplier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def read(store_path, user_folders):
    """(USRs the files under `user_folders` use, {USR: USRs it implements or overrides} of the rest).

    `user_folders` are absolute paths; a file is a user's when its path starts with one.
    """
    lib = _library()
    lib.indexstore_store_units_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p, _UnitApplier]
    lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, _PointerApplier]
    lib.indexstore_record_reader_occurrences_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, _PointerApplier]
    lib.indexstore_occurrence_relations_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, _PointerApplier]

    error = ctypes.c_void_p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        raise SystemExit(f"error: no index store at {store_path}")
    units = []
    lib.indexstore_store_units_apply_f(store, 0, None, _UnitApplier(lambda _, name: units.append(_text(name)) or True))

    # Each source file's records, once (a file compiled for two products has two units).
    records = {}
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), None)
        if not reader:
            continue

        def dependency(_, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == _DEPENDENCY_RECORD:
                path = _text(lib.indexstore_unit_dependency_get_filepath(dep))
                if path and os.path.exists(path):
                    records[_text(lib.indexstore_unit_dependency_get_name(dep))] = path
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _PointerApplier(dependency))
        lib.indexstore_unit_reader_dispose(reader)

    used = set()
    implements = {}
    for record, path in records.items():
        is_user = any(path.startswith(folder) for folder in user_folders)
        reader = lib.indexstore_record_reader_create(store, record.encode(), None)
        if not reader:
            continue

        def occurrence(_, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            usr = _text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)))
            if is_user and roles & _REFERENCE:
                used.add(usr)
            if roles & (_DEFINITION | _DECLARATION) and roles & _REL_OVERRIDEOF:
                def relation(_, rel):
                    if lib.indexstore_symbol_relation_get_roles(rel) & _REL_OVERRIDEOF:
                        base = _text(lib.indexstore_symbol_get_usr(lib.indexstore_symbol_relation_get_symbol(rel)))
                        if is_user:
                            used.add(base)
                        else:
                            implements.setdefault(usr, set()).add(base)
                    return True
                lib.indexstore_occurrence_relations_apply_f(occ, None, _PointerApplier(relation))
            return True

        lib.indexstore_record_reader_occurrences_apply_f(reader, None, _PointerApplier(occurrence))
        lib.indexstore_record_reader_dispose(reader)
    lib.indexstore_store_dispose(store)
    return used, implements
