#!/bin/bash
# A one-node Slurm cluster on this machine, and Fray's sharded batch played on it for real:
#
#   deploy/slurm/one-node-test.sh [path/to/fray]
#
# 1. Installs Debian's slurm-wlm and munge when missing (as root), writes a munge key and a
#    slurm.conf for one node (this machine, its CPUs) in a temporary folder, and starts munged,
#    slurmctld and slurmd on localhost.
# 2. Submits fray-batch.sbatch as an array of 4 shards; its task 0 queues the merge with an
#    `afterok` dependency on the array. Waits, and checks the merged JSON is the whole batch's
#    (`fray batch` of the same runs and seed on one machine), byte for byte but for `timing`.
# 3. Cancels one shard's job mid-run (`scancel`): the merge job never runs, `fray merge` of the
#    parts there are refuses and names the missing shard; the shard resubmitted alone completes
#    the batch, and the merge is again the whole batch's.
# 4. Stops the daemons and removes the folder, whatever happened.
#
# Exits 0 when every check holds. `.ci/run` runs it; so does the ignored test
# `shard::a_one_node_slurm_cluster_plays_and_merges_the_shards`
# (`cargo test --profile ci --test suite -- --ignored slurm`).

set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
FRAY=$(realpath "${1:-${FRAY:-fray}}")
ENCOUNTER=archmage-bridge
RUNS=4000
SEED=7
SHARDS=4

say() { echo "slurm-test: $*"; }

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
    # A fresh machine may have no package lists yet.
    $SUDO apt-get update -q >/dev/null
    $SUDO apt-get install -y -q slurm-wlm munge >/dev/null
fi

WORK=$(mktemp -d /tmp/fray-slurm.XXXXXX)
chmod 755 "$WORK"
PIDS=()
cleanup() {
    set +e
    scancel --quiet --user="$(id -un)" 2>/dev/null
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    pkill -f "slurmstepd.*$WORK" 2>/dev/null
    [ -f "$WORK/munge/munged.pid" ] && kill "$(cat "$WORK/munge/munged.pid")" 2>/dev/null
    sleep 1
    rm -rf "$WORK"
}
trap cleanup EXIT

# munge: a key of our own and a daemon on a socket of our own.
mkdir -p "$WORK/munge" "$WORK/spool" "$WORK/state" "$WORK/out"
dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
chmod 700 "$WORK/munge"
chmod 400 "$WORK/munge/munge.key"
MUNGE_SOCKET="$WORK/munge/munge.socket"
munged --force --key-file="$WORK/munge/munge.key" --socket="$MUNGE_SOCKET" \
    --pid-file="$WORK/munge/munged.pid" --log-file="$WORK/munge/munged.log" \
    --seed-file="$WORK/munge/munged.seed"

CPUS=$(nproc)
MEMORY=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
export SLURM_CONF="$WORK/slurm.conf"
cat > "$SLURM_CONF" <<EOF
ClusterName=fray
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/builtin
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=600
NodeName=localhost CPUs=$CPUS RealMemory=$MEMORY State=UNKNOWN
PartitionName=fray Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
touch "$WORK/cgroup.conf"

slurmctld -D -f "$SLURM_CONF" >"$WORK/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >"$WORK/slurmd.out" 2>&1 &
PIDS+=($!)

say "waiting for the node"
for _ in $(seq 1 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE 'idle|mixed'; then break; fi
    sleep 1
done
if ! sinfo -h -o '%T' | grep -qE 'idle|mixed'; then
    say "the node never came up"
    tail -20 "$WORK/slurmctld.log" "$WORK/slurmd.log" 2>/dev/null || true
    exit 1
fi

# Waits until no job of ours is queued or running.
drain() {
    for _ in $(seq 1 600); do
        [ -z "$(squeue -h -o '%i' 2>/dev/null)" ] && return 0
        sleep 1
    done
    say "jobs still queued after 10 minutes"; squeue; return 1
}

# The report without its machine-dependent numbers.
without_timing() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d.pop("timing",None); print(json.dumps(d,sort_keys=True))' "$1"
}

cd "$WORK/out"
"$FRAY" batch "$ENCOUNTER" --runs "$RUNS" --seed "$SEED" --quiet --json whole.json >/dev/null

say "case 1: $SHARDS shards and the merge, submitted to Slurm"
export FRAY="$FRAY" FRAY_OUT="$WORK/out/one"
sbatch --quiet --array=0-$((SHARDS - 1)) --cpus-per-task=1 --output="$WORK/out/task-%a.log" \
    "$HERE/fray-batch.sbatch" "$ENCOUNTER" "$RUNS" "$SEED"
drain
if [ "$(without_timing one/all.json)" != "$(without_timing whole.json)" ]; then
    say "the merged batch differs from the whole batch"; exit 1
fi
say "case 1: the merge is the whole batch"

say "case 2: a shard cancelled mid-run, then resubmitted"
export FRAY_OUT="$WORK/out/two"
BIG=$((RUNS * 25))
"$FRAY" batch "$ENCOUNTER" --runs "$BIG" --seed "$SEED" --quiet --json whole-big.json >/dev/null
JOB=$(sbatch --parsable --array=0-$((SHARDS - 1)) --cpus-per-task=1 \
    --output="$WORK/out/big-%a.log" "$HERE/fray-batch.sbatch" "$ENCOUNTER" "$BIG" "$SEED")
for _ in $(seq 1 120); do
    [ "$(squeue -h -j "${JOB}_1" -o '%T' 2>/dev/null)" = RUNNING ] && break
    sleep 0.5
done
scancel "${JOB}_1"
# The other shards play to their end; the merge waits on the whole array (afterok), so with a
# shard cancelled it never runs: once no task of the array is left, it is cancelled too.
for _ in $(seq 1 600); do
    [ -z "$(squeue -h -j "$JOB" -o '%i' 2>/dev/null)" ] && break
    sleep 1
done
scancel --quiet --user="$(id -un)" || true
drain
if [ -e two/all.json ]; then say "a merge ran without shard 1"; exit 1; fi
if "$FRAY" merge two/part-*.json --json two/partial.json >/dev/null 2>two/refused.txt; then
    say "merge accepted the parts without shard 1"; exit 1
fi
if ! grep -q "shard 1" two/refused.txt; then
    say "the refusal does not name shard 1:"; cat two/refused.txt; exit 1
fi
say "case 2: merge refused: $(head -1 two/refused.txt)"
FRAY_SHARDS=$SHARDS sbatch --quiet --array=1 --cpus-per-task=1 \
    --output="$WORK/out/again-%a.log" "$HERE/fray-batch.sbatch" "$ENCOUNTER" "$BIG" "$SEED"
drain
"$FRAY" merge two/part-*.json --json two/all.json >/dev/null
if [ "$(without_timing two/all.json)" != "$(without_timing whole-big.json)" ]; then
    say "the batch completed by the resubmitted shard differs from the whole batch"; exit 1
fi
say "case 2: the resubmitted shard completes the batch"
say "passed"
