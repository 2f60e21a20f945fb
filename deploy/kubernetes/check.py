#!/usr/bin/env python3
"""Checks the Kubernetes manifests of deploy/kubernetes without a cluster:

  python3 deploy/kubernetes/check.py path/to/fray

1. Both manifests validate, strictly (no field the schema does not know), against the published
   Kubernetes JSON schema of the Job, with kubernetes-validate (from PyPI; installed when
   missing), which carries the schemas of every Kubernetes release.
2. The Indexed Job's shard arithmetic holds: it is `Indexed`, `completions` equals `SHARDS`,
   `parallelism` is at most `completions`; and its container command, run here once per
   completion index (`JOB_COMPLETION_INDEX` = 0 .. completions-1, as Kubernetes runs it, with
   `/results` a temporary folder and a small `RUNS`), writes parts that the merge job's command
   merges into exactly the whole batch (`fray batch` of the same runs and seed, but for
   `timing`). Without one index's part, the merge refuses and names that shard.

Exits 0 when every check holds. `.ci/run` runs it.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BATCH = os.path.join(HERE, "fray-batch-job.yaml")
MERGE = os.path.join(HERE, "fray-merge-job.yaml")
RUNS = "800"


def say(text):
    print(f"k8s-check: {text}", flush=True)


def fail(text):
    say(text)
    sys.exit(1)


def validator():
    """The kubernetes-validate command, installed from PyPI when missing."""
    found = shutil.which("kubernetes-validate")
    if found:
        return found
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "kubernetes-validate"], check=True
    )
    return shutil.which("kubernetes-validate") or fail("kubernetes-validate did not install")


def container(job):
    return job["spec"]["template"]["spec"]["containers"][0]


def without_timing(path):
    with open(path) as f:
        report = json.load(f)
    report.pop("timing", None)
    return json.dumps(report, sort_keys=True)


def main():
    fray = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else shutil.which("fray") or "fray")
    result = subprocess.run([validator(), "--strict", BATCH, MERGE], capture_output=True, text=True)
    if result.returncode != 0:
        fail("the manifests do not validate:\n" + result.stdout + result.stderr)
    say("both manifests validate strictly against the Job schema")

    import yaml  # kubernetes-validate's own dependency

    with open(BATCH) as f:
        batch = yaml.safe_load(f)
    with open(MERGE) as f:
        merge = yaml.safe_load(f)
    spec = batch["spec"]
    env = {e["name"]: e["value"] for e in container(batch)["env"]}
    completions = spec["completions"]
    if spec.get("completionMode") != "Indexed":
        fail("fray-batch is not an Indexed Job")
    if completions != int(env["SHARDS"]):
        fail(f"completions ({completions}) and SHARDS ({env['SHARDS']}) differ")
    if spec.get("parallelism", 1) > completions:
        fail("parallelism is above completions")
    say(f"an Indexed Job of {completions} completions for {env['SHARDS']} shards")

    work = tempfile.mkdtemp(prefix="fray-k8s-")
    try:
        results = os.path.join(work, "results")
        os.makedirs(results)
        bin_dir = os.path.join(work, "bin")
        os.makedirs(bin_dir)
        os.symlink(fray, os.path.join(bin_dir, "fray"))
        base = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
        base.update(env)
        base["RUNS"] = RUNS

        def run(job, extra):
            shell = container(job)["args"][0].replace("/results", results)
            return subprocess.run(
                ["/bin/sh", "-c", shell], env=dict(base, **extra), capture_output=True, text=True
            )

        for index in range(completions):
            done = run(batch, {"JOB_COMPLETION_INDEX": str(index)})
            if done.returncode != 0:
                fail(f"index {index} failed:\n{done.stderr}")
        whole = os.path.join(work, "whole.json")
        subprocess.run(
            [fray, "batch", env["ENCOUNTER"], "--runs", RUNS, "--seed", env["SEED"], "--quiet",
             "--json", whole],
            env=base, check=True, capture_output=True,
        )
        merged = run(merge, {})
        if merged.returncode != 0:
            fail("the merge job's command failed:\n" + merged.stderr)
        if without_timing(os.path.join(results, "all.json")) != without_timing(whole):
            fail("the merged parts differ from the whole batch")
        say(f"its {completions} indices' parts merge into the whole batch")

        missing = completions // 2
        os.remove(os.path.join(results, f"part-{missing}.json"))
        os.remove(os.path.join(results, "all.json"))
        refused = run(merge, {})
        if refused.returncode == 0 or f"shard {missing}" not in refused.stderr:
            fail(f"without part {missing} the merge did not refuse naming it:\n{refused.stderr}")
        say(f"without index {missing}'s part, the merge refuses: {refused.stderr.splitlines()[0]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    say("passed")


if __name__ == "__main__":
    main()
