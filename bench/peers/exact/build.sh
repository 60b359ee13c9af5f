#!/usr/bin/env bash
# Builds the exact-learner peers from source, outside the repository:
# STreeD (AlgTUDelft/pystreed, CMake Release), MurTree (MurTree/murtree, its
# LinuxRelease makefile with LTO: the CMake build without it is about 4x
# slower), DL8.5 (aia-uclouvain/pydl8.5, the C++ CLI under core/, CMake
# Release) and InferDT (FlorentAvellaneda/InferDT, Debian's minisat and
# libboost-dev). Their code is never copied into the repository.
#
#   bench/peers/exact/build.sh        # into $PEERS (default ~/.cache/dtbench-peers)
#
# Environment knobs:
#   PEERS   build directory; executables land in $PEERS/bin [~/.cache/dtbench-peers]
#   MIRROR  directory of git mirrors named owner+name (each a git directory,
#           or holding one as repo/ or repo/.git); used before the network
#   J       parallel compile jobs [2]
#   NO_INSTALL=1  never call apt-get; fail if a build tool is missing
set -euo pipefail

PEERS=${PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/dtbench-peers}
J=${J:-2}
log() { echo "build.sh: $*" >&2; }

# --- build tools ------------------------------------------------------------
missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v g++ >/dev/null || missing+=(g++)
command -v make >/dev/null || missing+=(make)
[[ -e /usr/include/minisat/core/Solver.h ]] || missing+=(minisat)
[[ -d /usr/include/boost ]] || missing+=(libboost-dev)
if ((${#missing[@]})); then
	if [[ ${NO_INSTALL:-} == 1 || $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
		log "missing ${missing[*]}: install them (apt-get install ${missing[*]})"
		exit 1
	fi
	log "installing ${missing[*]}"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- sources ------------------------------------------------------------------
# source OWNER/NAME DIR: the newest snapshot of OWNER/NAME in DIR, from
# $MIRROR when it holds one, else a shallow clone from GitHub.
source_of() {
	local repo=$1 dir=$2 m=${MIRROR:-}/${1/\//+}
	[[ -d $dir ]] && return 0
	local git=
	if [[ -n ${MIRROR:-} ]]; then
		for g in "$m" "$m/repo" "$m/repo/.git"; do
			if [[ -f $g/HEAD && -d $g/objects ]]; then git=$g; break; fi
		done
	fi
	mkdir -p "$dir.part"
	if [[ -n $git ]]; then
		# A mirror may lack its largest blobs (data files the builds do not
		# need): archive the files whose objects are present.
		log "$repo from $git"
		git --git-dir="$git" ls-tree -r -z HEAD | while IFS= read -r -d '' entry; do
			obj=${entry#* blob } obj=${obj%%$'\t'*}
			if [[ $entry == *" blob "* ]] && git --git-dir="$git" cat-file -e "$obj" 2>/dev/null; then
				printf '%s\0' "${entry#*$'\t'}"
			elif [[ $entry == *" blob "* ]]; then
				log "  skipped ${entry#*$'\t'} (not in the mirror)"
			fi
		done | xargs -0 sh -c 'g=$0 d=$1; shift; git --git-dir="$g" archive HEAD -- "$@" 2>/dev/null | tar -x -C "$d"' "$git" "$dir.part"
	else
		log "$repo from github.com"
		rm -rf "$dir.part" && git clone -q --depth 1 "https://github.com/$repo" "$dir.part"
	fi
	mv "$dir.part" "$dir"
}

mkdir -p "$PEERS/src" "$PEERS/obj" "$PEERS/bin"
s=$PEERS/src
source_of AlgTUDelft/pystreed "$s/pystreed"
source_of MurTree/murtree "$s/murtree"
source_of aia-uclouvain/pydl8.5 "$s/pydl8.5"
source_of FlorentAvellaneda/InferDT "$s/InferDT"

# --- STreeD: CMake Release ------------------------------------------------------
log "STreeD"
cmake -S "$s/pystreed" -B "$PEERS/obj/streed" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build "$PEERS/obj/streed" -j"$J" --target STREED >/dev/null
cp "$PEERS/obj/streed/STREED" "$PEERS/bin/streed"

# --- MurTree: its LinuxRelease makefile (LTO) ----------------------------------
# Its CLI prints no tree: a print of the tree ([f,left,right], a leaf
# [label]; left is feature value 0) is added after its statistics, in the
# build copy, so that every answer can be verified. Nothing else changes.
log "MurTree"
[[ -d $PEERS/obj/murtree ]] || cp -r "$s/murtree" "$PEERS/obj/murtree"
m=$PEERS/obj/murtree/main.cpp
if ! grep -q PrintTreeForCheck "$m"; then
	sed -i 's|^int internalMain(int argc, char\* argv\[\])|static void PrintTreeForCheck(MurTree::DecisionNode* n) { if (n->IsLabelNode()) { std::cout << "[" << n->label_ << "]"; return; } std::cout << "[" << n->feature_ << ","; PrintTreeForCheck(n->left_child_); std::cout << ","; PrintTreeForCheck(n->right_child_); std::cout << "]"; }\n&|' "$m"
	sed -i 's|^\(\s*\)std::cout << "NUM NODES: ".*$|&\n\1std::cout << "TREE: "; PrintTreeForCheck(mur_tree_solver_result.decision_tree_); std::cout << "\\n";|' "$m"
	grep -q PrintTreeForCheck "$m" || { log "MurTree's main.cpp changed shape: the tree print was not added"; exit 1; }
fi
make -C "$PEERS/obj/murtree/LinuxRelease" -j"$J" all >/dev/null 2>&1
cp "$PEERS/obj/murtree/LinuxRelease/MurTree" "$PEERS/bin/murtree"

# --- DL8.5: the C++ CLI under core/, CMake Release ------------------------------
log "DL8.5"
cmake -S "$s/pydl8.5/core" -B "$PEERS/obj/dl85" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$PEERS/obj/dl85" -j"$J" >/dev/null
cp "$PEERS/obj/dl85/dl85" "$PEERS/bin/dl85"

# --- InferDT: CMake (its own -O3), Debian's minisat and libboost-dev ------------
log "InferDT"
cmake -S "$s/InferDT" -B "$PEERS/obj/inferdt" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$PEERS/obj/inferdt" -j"$J" >/dev/null
cp "$PEERS/obj/inferdt/InferDT" "$PEERS/bin/inferdt"

ls "$PEERS/bin"
