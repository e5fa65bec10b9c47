#!/bin/sh
# One task of the job array: renders frames [i*CHUNK, (i+1)*CHUNK) of $SCENE
# into parts/part-0000i.y4m, i being the task's index; the arguments after the
# script go to `strata render` (--fps, --duration, --scale). A render killed
# by a signal (out of memory, a node going down) is requeued, twice at most:
# the task runs again from its first frame and the join still waits for it;
# Strata's own errors (a bad scene) are not, as a rerun would meet them again.
#SBATCH --cpus-per-task=1 --requeue --open-mode=append
i=$SLURM_ARRAY_TASK_ID
part=parts/part-$(printf %05d "$i").y4m
strata render "$SCENE" --frames "$((i * CHUNK)):$(((i + 1) * CHUNK))" --video "$part" --quiet "$@" && exit 0
status=$?
if [ "$status" -gt 128 ] && [ "${SLURM_RESTART_COUNT:-0}" -lt 2 ]; then
  echo "render.sh: task $i was killed (status $status); requeued" >&2
  scontrol requeue "$SLURM_JOB_ID"
fi
exit "$status"
