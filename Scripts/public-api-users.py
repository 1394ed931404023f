#!/usr/bin/env python3
# The analysis of Scripts/public-api-users (run that, not this): which public declarations of the core
# (the PixelKit module) have a user outside it, resolved by the compiler rather than by name.
#
#   public-api-users.py SYMBOL_GRAPH_DIR ALLOWLIST [--check] INDEX_STORE...
#
# Declarations: the PixelKit module's public symbol graph (USRs), declared in Sources/PixelKit.
# Users: every reference, by USR, recorded in the index stores by a module other than the core, from a
# source file of this repository that is not a test (the other modules, the command line, the example
# packages and programs, the benchmarks, the DocC and README code blocks), plus DocC links
# (``Symbol/member``) in the prose of the articles and README (topic lists and the core's own
# reference pages do not count).
# Also kept, since they cannot be internal or are reached without being named: what a public signature
# of a kept declaration names (its types, recursively), the type a kept member belongs to, the
# protocols a kept type conforms to, protocol requirements and their default implementations and
# witnesses (Equatable, Codable, CustomStringConvertible… by requirement name), the stored properties
# of Encodable types (their JSON), and enum cases (they share their enum's access).
# Prints the counts and every declaration without a user; with --check, exits 1 when one of them is
# not in ALLOWLIST (deliberate API with no user in this repository, one `Type.member` path a line,
# with a `#` reason) or when an allowlist line names a declaration that has a user or does not exist.
import ctypes, glob, json, os, re, sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), '..'))

# --- the index stores, through the toolchain's libIndexStore -------------------------------------
class StringRef(ctypes.Structure):
    _fields_ = [('data', ctypes.c_char_p), ('length', ctypes.c_size_t)]

def text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ''

def load_indexstore():
    swiftc = os.path.realpath(next(os.path.join(p, 'swiftc') for p in os.environ['PATH'].split(':')
                                   if os.path.exists(os.path.join(p, 'swiftc'))))
    candidates = glob.glob(os.path.join(os.path.dirname(swiftc), '..', 'lib', 'libIndexStore.so*'))
    candidates += glob.glob(os.path.join(os.path.dirname(swiftc), '..', 'lib', 'libIndexStore.dylib'))
    if not candidates:
        sys.exit('public-api-users: no libIndexStore beside ' + swiftc)
    lib = ctypes.CDLL(sorted(candidates)[0])
    P = ctypes.c_void_p
    for name, result, arguments in [
        ('indexstore_store_create', P, [ctypes.c_char_p, ctypes.POINTER(P)]),
        ('indexstore_store_dispose', None, [P]),
        ('indexstore_store_units_apply_f', ctypes.c_bool, [P, ctypes.c_uint, P, P]),
        ('indexstore_unit_reader_create', P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
        ('indexstore_unit_reader_dispose', None, [P]),
        ('indexstore_unit_reader_get_module_name', StringRef, [P]),
        ('indexstore_unit_reader_get_main_file', StringRef, [P]),
        ('indexstore_unit_reader_dependencies_apply_f', ctypes.c_bool, [P, P, P]),
        ('indexstore_unit_dependency_get_kind', ctypes.c_int, [P]),
        ('indexstore_unit_dependency_get_name', StringRef, [P]),
        ('indexstore_record_reader_create', P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
        ('indexstore_record_reader_dispose', None, [P]),
        ('indexstore_record_reader_occurrences_apply_f', ctypes.c_bool, [P, P, P]),
        ('indexstore_occurrence_get_symbol', P, [P]),
        ('indexstore_occurrence_get_roles', ctypes.c_uint64, [P]),
        ('indexstore_symbol_get_usr', StringRef, [P]),
    ]:
        function = getattr(lib, name)
        function.restype, function.argtypes = result, arguments
    return lib

ROLE_REFERENCE = 1 << 2
RECORD = 2

def is_user_file(path):
    """A source file of this repository that is neither the core nor a test."""
    path = os.path.realpath(path)
    if not path.startswith(ROOT + os.sep) or not os.path.exists(path):
        return False
    relative = os.path.relpath(path, ROOT)
    # `.build/` holds dependencies' checkouts; `.build-examples/` and `.build-docs/` hold copies of the
    # examples and code blocks, compiled there.
    return not relative.startswith('Sources/PixelKit/') and not re.search(r'(^|/)(Tests|\.build)/', relative)

def references(lib, store_path, users):
    """Adds to `users` (USR → set of modules) every symbol referenced by a user file's unit."""
    P = ctypes.c_void_p
    error = P()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        sys.exit('public-api-users: cannot open the index store ' + store_path)
    units = []
    unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, P, StringRef)(lambda _, name: units.append(text(name)) or True)
    lib.indexstore_store_units_apply_f(store, 0, None, unit_callback)
    read = set()
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue
        module = text(lib.indexstore_unit_reader_get_module_name(reader))
        if module != 'PixelKit' and is_user_file(text(lib.indexstore_unit_reader_get_main_file(reader))):
            records = []
            def dependency(_, item):
                if lib.indexstore_unit_dependency_get_kind(item) == RECORD:
                    records.append(text(lib.indexstore_unit_dependency_get_name(item)))
                return True
            dependency_callback = ctypes.CFUNCTYPE(ctypes.c_bool, P, P)(dependency)
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, dependency_callback)
            for record in records:
                if (record, module) in read:
                    continue
                read.add((record, module))
                record_reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
                if not record_reader:
                    continue
                def occurrence(_, item):
                    if lib.indexstore_occurrence_get_roles(item) & ROLE_REFERENCE:
                        symbol = lib.indexstore_occurrence_get_symbol(item)
                        users.setdefault(text(lib.indexstore_symbol_get_usr(symbol)), set()).add(module)
                    return True
                occurrence_callback = ctypes.CFUNCTYPE(ctypes.c_bool, P, P)(occurrence)
                lib.indexstore_record_reader_occurrences_apply_f(record_reader, None, occurrence_callback)
                lib.indexstore_record_reader_dispose(record_reader)
        lib.indexstore_unit_reader_dispose(reader)
    lib.indexstore_store_dispose(store)

# --- the declarations ------------------------------------------------------------------------------
# Requirements of the standard library's and Foundation's protocols that the core's types conform to:
# their witnesses are reached through the protocol, never by name.
STANDARD_REQUIREMENTS = {
    'Equatable': {'==(_:_:)'}, 'Hashable': {'hash(into:)', 'hashValue'},
    'Comparable': {'<(_:_:)', '<=(_:_:)', '>(_:_:)', '>=(_:_:)'},
    'Encodable': {'encode(to:)'}, 'Decodable': {'init(from:)'},
    'CustomStringConvertible': {'description'}, 'CustomDebugStringConvertible': {'debugDescription'},
    'LocalizedError': {'errorDescription', 'failureReason', 'recoverySuggestion', 'helpAnchor'},
    'RawRepresentable': {'init(rawValue:)', 'rawValue'}, 'CaseIterable': {'allCases'},
    'Identifiable': {'id'}, 'Sequence': {'makeIterator()', 'underestimatedCount'},
    'IteratorProtocol': {'next()'}, 'AsyncSequence': {'makeAsyncIterator()'},
    'AsyncIteratorProtocol': {'next()', 'next(isolation:)'},
    'Collection': {'startIndex', 'endIndex', 'index(after:)', 'subscript(_:)', 'count', 'isEmpty'},
    'BidirectionalCollection': {'index(before:)'}, 'RandomAccessCollection': {'index(_:offsetBy:)', 'distance(from:to:)'},
    'ExpressibleByStringLiteral': {'init(stringLiteral:)'}, 'ExpressibleByIntegerLiteral': {'init(integerLiteral:)'},
    'ExpressibleByArrayLiteral': {'init(arrayLiteral:)'}, 'ExpressibleByFloatLiteral': {'init(floatLiteral:)'},
    'ExpressibleByDictionaryLiteral': {'init(dictionaryLiteral:)'},
    'ExpressibleByStringInterpolation': {'init(stringInterpolation:)'},
    'OptionSet': {'init(rawValue:)', 'rawValue'}, 'SetAlgebra': {'init()'},
    'CodingKey': {'init(stringValue:)', 'init(intValue:)', 'stringValue', 'intValue'},
    'CustomNSError': {'errorCode', 'errorUserInfo', 'errorDomain'},
}

def load_declarations(graph_dir):
    symbols, relationships = {}, []
    for path in sorted(glob.glob(os.path.join(graph_dir, 'PixelKit*.symbols.json'))):
        graph = json.load(open(path))
        relationships += graph.get('relationships', [])
        for symbol in graph['symbols']:
            usr = symbol['identifier']['precise']
            location = symbol.get('location', {}).get('uri', '')
            if symbol.get('accessLevel') == 'public' and '::SYNTHESIZED::' not in usr and '/Sources/PixelKit/' in location:
                symbols[usr] = symbol
    return symbols, relationships

def path_of(symbol):
    return '.'.join(symbol['pathComponents'])

def where(symbol):
    location = symbol['location']
    file = location['uri'].split('/Sources/PixelKit/', 1)[1]
    return f"Sources/PixelKit/{file}:{location['position']['line'] + 1}"

def named_types(symbol):
    """The USRs a declaration's public signature names (types, protocols in constraints)."""
    named = {f['preciseIdentifier'] for f in symbol.get('declarationFragments', []) if f.get('preciseIdentifier')}
    for constraint in symbol.get('swiftGenerics', {}).get('constraints', []):
        if constraint.get('rhsPrecise'):
            named.add(constraint['rhsPrecise'])
    return named

def doc_links(symbols):
    """USRs of the core's declarations that the prose of an article or README links (``A/b``)."""
    by_path = {}
    for usr, symbol in symbols.items():
        components = symbol['pathComponents']
        for start in range(len(components)):
            by_path.setdefault('/'.join(components[start:]), set()).add(usr)
    documents = [d for d in glob.glob(os.path.join(ROOT, 'Sources', '*', '*.docc', '**', '*.md'), recursive=True)
                 if not d.startswith(os.path.join(ROOT, 'Sources', 'PixelKit', 'PixelKit.docc', 'Reference'))]
    documents += glob.glob(os.path.join(ROOT, '*.md')) + glob.glob(os.path.join(ROOT, 'Docs', '*.md'))
    linked = set()
    for document in documents:
        inside_code = False
        for line in open(document, encoding='utf-8'):
            if line.strip().startswith('```'):
                inside_code = not inside_code     # code blocks are compiled and indexed instead
                continue
            if inside_code or re.match(r'\s*- ``[^`]+``\s*$', line):  # a topic list's line
                continue
            for link in re.findall(r'``([^`]+)``', line):
                link = re.sub(r'^PixelKit/', '', link.split('#')[0])
                link = re.sub(r'-[0-9a-z]+$', '', link)   # DocC's disambiguation suffix
                linked |= by_path.get(link, set())
    return linked

def main():
    arguments = sys.argv[1:]
    check = '--check' in arguments
    arguments = [a for a in arguments if a != '--check']
    graph_dir, allowlist_path, stores = arguments[0], arguments[1], arguments[2:]
    symbols, relationships = load_declarations(graph_dir)

    lib = load_indexstore()
    users = {}
    for store in stores:
        references(lib, store, users)
    referenced = {usr for usr in symbols if usr in users}
    linked = doc_links(symbols) - referenced

    parent = {}
    conformances = {}
    requirement_names = {}
    through_protocol = set()
    for relation in relationships:
        kind, source, target = relation['kind'], relation['source'], relation['target']
        if kind == 'memberOf':
            parent[source] = target
        elif kind == 'conformsTo':
            name = relation.get('targetFallback', '').split('.')[-1] or (symbols[target]['names']['title'] if target in symbols else '')
            conformances.setdefault(source, set()).add((target, name))
        elif kind in ('requirementOf', 'optionalRequirementOf', 'defaultImplementationOf'):
            through_protocol.add(source)
            if kind != 'defaultImplementationOf' and source in symbols:
                requirement_names.setdefault(target, set()).add(symbols[source]['names']['title'])
    for usr, symbol in symbols.items():
        owner = parent.get(usr)
        if owner is None:
            continue
        title = symbol['names']['title']
        for protocol, name in conformances.get(owner, set()):
            if title in STANDARD_REQUIREMENTS.get(name, set()) or title in requirement_names.get(protocol, set()):
                through_protocol.add(usr)
            # The stored properties of an Encodable type are its JSON (a synthesized encode(to:) reads them).
            if name in ('Encodable', 'Codable') and symbol['kind']['identifier'] == 'swift.property' \
                    and '{ get' not in ''.join(f['spelling'] for f in symbol.get('declarationFragments', [])):
                through_protocol.add(usr)
    cases = {usr for usr, symbol in symbols.items() if symbol['kind']['identifier'] == 'swift.enum.case'}

    # Kept: used, and everything a kept declaration's public face needs.
    kept = referenced | linked | through_protocol | cases
    pending = list(kept)
    while pending:
        usr = pending.pop()
        needed = set()
        if usr in symbols:
            needed |= named_types(symbols[usr])
        if usr in parent:
            needed.add(parent[usr])
        needed |= {protocol for protocol, _ in conformances.get(usr, set())}
        for item in needed:
            if item in symbols and item not in kept:
                kept.add(item)
                pending.append(item)
    unused = sorted((path_of(symbols[usr]), usr) for usr in symbols if usr not in kept)

    allowed = {}
    for line in open(allowlist_path, encoding='utf-8'):
        entry = line.split('#', 1)[0].strip()
        if entry:
            allowed[entry] = line.strip()
    paths = {path_of(symbol) for symbol in symbols.values()}

    print(f'public declarations of the core: {len(symbols)} ({len(cases)} enum cases)')
    print(f'  with a user outside the core (compiler-resolved references): {len(referenced)}')
    print(f'  linked from the prose of the docs only: {len(linked)}')
    print(f'  reached through a protocol (requirements, defaults, witnesses): {len(through_protocol - referenced - linked)}')
    print(f'  needed by the signature, type or conformances of the above, or enum cases: {len(kept) - len(referenced | linked | through_protocol)}')
    print(f'  without a user: {len(unused)} ({sum(1 for p, _ in unused if p in allowed)} allowed by {os.path.relpath(allowlist_path, ROOT)})')
    for path, usr in unused:
        print(f"    {'allowed ' if path in allowed else ''}{path}  ({symbols[usr]['kind']['identifier'].replace('swift.', '')}, {where(symbols[usr])})")
    unexpected = [path for path, _ in unused if path not in allowed]
    stale = [entry for entry in allowed if entry not in paths or entry not in {p for p, _ in unused}]
    for entry in stale:
        print(f'  allowlist entry with a user now, or no such declaration: {allowed[entry]}')
    if check and (unexpected or stale):
        print(f'public-api-users: {len(unexpected)} public declaration(s) of the core without a user outside it '
              f'(make them internal, remove them, or allowlist deliberate API), {len(stale)} stale allowlist line(s)', file=sys.stderr)
        sys.exit(1)

main()
