"""Full read of HEAD's history vs extending HEAD~N's cached one (issue 18): times and equality.

    python bench/history_extend.py REPO N
"""
import time, sys
from datetime import date
from indexer.git import history as h
import subprocess
root=sys.argv[1]
def tracked_at(rev):
    files=subprocess.run(["git","ls-tree","-r","--name-only",rev],cwd=root,capture_output=True,text=True).stdout.split("\n")
    tr=set()
    for f in filter(None, files):
        p=f.split('/'); tr.update('/'.join(p[:d]) for d in range(1,len(p)+1))
    return frozenset(tr)
back=sys.argv[2]
old=subprocess.run(["git","rev-parse",f"HEAD~{back}"],cwd=root,capture_output=True,text=True).stdout.strip()
new=subprocess.run(["git","rev-parse","HEAD"],cwd=root,capture_output=True,text=True).stdout.strip()
now=date(2026,11,1)
hist_old=h.read_history(root, now, tracked_at(old), h._log_chunks(root, old))
t=time.time(); full=h.read_history(root, now, tracked_at(new)); print("full new", time.time()-t)
t=time.time(); ext=h.extended_history(root, old, new, hist_old, now, tracked_at(new)); print("extended", time.time()-t, ext is not None)
print("equal", ext==full)
if ext and ext!=full:
    for k in ('activity','removals','commits','truncated','year_times'):
        a,b=getattr(ext,k),getattr(full,k); print(k, a==b)
        if isinstance(a,dict) and a!=b:
            ks=[x for x in set(a)|set(b) if a.get(x)!=b.get(x)][:3]
            for x in ks: print(' ',x,a.get(x),b.get(x))
