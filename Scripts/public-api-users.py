#!/usr/bin/env python3
# Counts the core's public declarations (PixelKit module, from `swift package dump-symbol-graph
# --minimum-access-level public`, run first) and lists those with no user outside the core: no mention
# of their name in another module, an example, the benchmarks, the README or any DocC article (topic
# lists do not count). Protocol requirements and their witnesses count as used by the protocol.
# Usage: swift package dump-symbol-graph --minimum-access-level public && Scripts/public-api-users.py
import glob, json, os, re, sys
sg = glob.glob('.build/*/symbolgraph/')[0]
syms=[]
reqnames=set(['hashValue','errorDescription','failureReason','helpAnchor','recoverySuggestion','description','debugDescription'])
for f in ['PixelKit.symbols.json','PixelKit@Swift.symbols.json','PixelKit@FoundationEssentials.symbols.json']:
    d=json.load(open(sg+f))
    byid={s['identifier']['precise']:s for s in d['symbols']}
    for r in d.get('relationships',[]):
        if r['kind'] in ('requirementOf','optionalRequirementOf') and r['source'] in byid:
            reqnames.add(byid[r['source']]['pathComponents'][-1].split('(')[0])
    for s in d['symbols']:
        if s.get('accessLevel')!='public': continue
        loc=s.get('location',{}).get('uri','')
        if '/Sources/PixelKit/' not in loc: continue
        syms.append(s)
# users: text outside the core
files=[]
for pat in ['Sources/**/*.swift','Examples/**/*.swift','Benchmarks/Sources/**/*.swift','Sources/**/*.md','Docs/*.md','README.md','Examples/**/*.md']:
    files+=glob.glob(pat, recursive=True)
files=[f for f in files if not f.startswith('Sources/PixelKit/') or (f.endswith('.md') and 'PixelKit.docc' in f)]
text=''
for f in files:
    t=open(f,encoding='utf-8',errors='replace').read()
    if f.endswith('.md'):
        t='\n'.join(l for l in t.split('\n') if not l.strip().startswith('- ``'))   # topic lists are not users
    text+=t+'\n'
types=set(); unused=[]; kinds={}
for s in syms:
    kind=s['kind']['identifier']; path=s['pathComponents']; title=s['names']['title']
    kinds[kind]=kinds.get(kind,0)+1
    base=re.split(r'[(<]', path[-1])[0].strip()
    if base in reqnames and kind!='swift.protocol' and len(path)>1 and not path[0] in ('ImageDecoder','ImageDecodingSession','RowSink','ImageEncoder','ImageRowEncoder','PixelSampler','ColorAverager','ColorAccumulator','ImageSourceConvertible'): continue
    if kind.endswith(('struct','enum','class','protocol','typealias')): types.add('.'.join(path))
    if 'synthesized' in s['identifier']['precise'] or s['identifier']['precise'].startswith('s:Sq') : continue
    if base in ('init',):
        owner=path[-2] if len(path)>1 else ''
        found = re.search(r'\b'+re.escape(owner)+r'\s*\(', text) or re.search(r'\.init\(', text)
    elif base.startswith(('==','<','>','+','-','*','/','!','~')):
        found=True
    else:
        found=re.search(r'\b'+re.escape(base)+r'\b', text)
    if not found: unused.append((kind,'.'.join(path)))
print('public declarations:', len(syms), 'types:', len(types))
print('by kind:', sorted(kinds.items(), key=lambda x:-x[1]))
print('no user outside the core:', len(unused))
for k,p in sorted(unused, key=lambda x:x[1]): print(' ',k.replace('swift.',''),p)
