import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weka.classifiers.Classifier;
import weka.core.Instances;

/**
 * WekaBench times Weka 3.6 classifiers in one warm JVM on the datasets that
 * bench/peers/export wrote, for the peer comparison in bench/peers/run.sh.
 *
 * <p>For each dataset of the manifest (datasets.tsv) and each learner key,
 * it runs warm-up fits, then timed {@code buildClassifier} calls, each on a
 * fresh classifier instance (created outside the timed region), and prints
 * one TSV line per (key, dataset): median and minimum wall time in
 * milliseconds and the accuracy of the last model on the held-out test ARFF.
 * Columns and the stopping rule are those of gofit and sklearn_bench.py.
 *
 * <p>Usage: {@code java -cp /usr/share/java/weka.jar:DIR WekaBench
 * -manifest M -learners id3,c45 -n 21 -warmup 3 -budget 5 -round 1
 * [-tiers t1,t2] [-header false] [-jvmwarm 1.5]}; -jvmwarm is the seconds
 * per classifier spent fitting the manifest's first dataset before any
 * timing (the JIT's warm-up, which gofit and sklearn do not need).
 */
public final class WekaBench {

    /** Our learner key to the matching Weka classifier and its options. */
    private static final Map<String, String[]> CLASSIFIERS = new LinkedHashMap<>();

    static {
        CLASSIFIERS.put("id3", new String[] {"weka.classifiers.trees.Id3"});
        CLASSIFIERS.put("c45", new String[] {"weka.classifiers.trees.J48", "-U"});
        CLASSIFIERS.put("cart", new String[] {"weka.classifiers.trees.SimpleCart", "-U"});
        // K = 0 is Weka's default, int(log2(#attributes incl. class)) + 1;
        // -S is set per fit below.
        CLASSIFIERS.put("randomtree", new String[] {"weka.classifiers.trees.RandomTree"});
        CLASSIFIERS.put("naivebayes", new String[] {"weka.classifiers.bayes.NaiveBayes"});
        // The numeric comparison (numeric.sh): NaiveBayes's -K and -D, SMO and -N 1.
        CLASSIFIERS.put("naivebayes-k", new String[] {"weka.classifiers.bayes.NaiveBayes", "-K"});
        CLASSIFIERS.put("naivebayes-d", new String[] {"weka.classifiers.bayes.NaiveBayes", "-D"});
        CLASSIFIERS.put("smo", new String[] {"weka.classifiers.functions.SMO"});
        CLASSIFIERS.put("smo-n1", new String[] {"weka.classifiers.functions.SMO", "-N", "1"});
    }

    private WekaBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = parseFlags(args);
        String manifest = flags.getOrDefault("manifest", "bench/out/peers/datasets.tsv");
        List<String> keys = split(flags.getOrDefault("learners", "id3,c45,cart,randomtree,naivebayes"));
        List<String> tiers = split(flags.getOrDefault("tiers", ""));
        int n = Integer.parseInt(flags.getOrDefault("n", "21"));
        int warmup = Integer.parseInt(flags.getOrDefault("warmup", "3"));
        double budget = Double.parseDouble(flags.getOrDefault("budget", "5"));
        int round = Integer.parseInt(flags.getOrDefault("round", "1"));
        boolean header = Boolean.parseBoolean(flags.getOrDefault("header", "true"));
        double jvmWarm = Double.parseDouble(flags.getOrDefault("jvmwarm", "1.5"));

        List<String> usable = new ArrayList<>();
        for (String key : keys) {
            String[] spec = CLASSIFIERS.get(key);
            if (spec == null) {
                System.err.println("WekaBench: skip " + key + ": no matching Weka classifier");
                continue;
            }
            try {
                Class.forName(spec[0]);
                usable.add(key);
            } catch (ClassNotFoundException e) {
                System.err.println("WekaBench: skip " + key + ": " + spec[0] + " is not in this weka.jar");
            }
        }

        List<String[]> entries = readManifest(manifest, tiers);
        List<String[]> all = readManifest(manifest, new ArrayList<>());
        if (!entries.isEmpty()) {
            // The manifest's first dataset is of the small tier: a cheap warm-up.
            warmJVM(usable, readArff(all.get(0)[2]), jvmWarm);
        }
        StringBuilder out = new StringBuilder();
        if (header) {
            out.append("peer\tlearner\tmodel\ttier\tseed\tround\tfits\tmedian_ms\tmin_ms\taccuracy\n");
        }
        for (String[] e : entries) {
            String tier = e[0];
            String seed = e[1];
            Instances train = readArff(e[2]);
            Instances test = readArff(e[3]);
            for (String key : usable) {
                String[] spec = CLASSIFIERS.get(key);
                Fitter fitter = new Fitter(spec, train, key.equals("randomtree"));
                double[] st = measure(fitter, n, warmup, budget);
                double acc = accuracy(fitter.last, test);
                String model = String.join(" ", spec).replace("weka.classifiers.", "");
                out.append(String.format("weka\t%s\t%s\t%s\t%s\t%d\t%d\t%.4f\t%.4f\t%.4f%n",
                        key, model, tier, seed, round, (int) st[0], st[1], st[2], acc));
                System.out.print(out);
                System.out.flush();
                out.setLength(0);
            }
        }
        System.out.print(out);
        System.out.flush();
    }

    /**
     * Warms the JIT before anything is timed: fits each classifier on data
     * for up to {@code seconds} (at most 200 fits), so the first dataset's
     * times are those of a warm JVM, as for every later dataset.
     */
    static void warmJVM(List<String> keys, Instances data, double seconds) throws Exception {
        for (String key : keys) {
            Fitter f = new Fitter(CLASSIFIERS.get(key), data, key.equals("randomtree"));
            long start = System.nanoTime();
            for (int i = 0; i < 200 && (System.nanoTime() - start) / 1e9 < seconds; i++) {
                f.fresh().buildClassifier(data);
            }
        }
    }

    /** One classifier spec fitted again and again on the same data. */
    private static final class Fitter {
        final String[] spec;
        final Instances data;
        final boolean seeded;
        int count;
        Classifier last;

        Fitter(String[] spec, Instances data, boolean seeded) {
            this.spec = spec;
            this.data = data;
            this.seeded = seeded;
        }

        /** A fresh, configured classifier; not timed. */
        Classifier fresh() throws Exception {
            count++;
            String[] opts = Arrays.copyOfRange(spec, 1, spec.length);
            if (seeded) {
                opts = Arrays.copyOf(opts, opts.length + 2);
                opts[opts.length - 2] = "-S";
                opts[opts.length - 1] = Integer.toString(count);
            }
            return Classifier.forName(spec[0], opts);
        }
    }

    /**
     * Runs at most {@code warmup} untimed fits (stopping after half the
     * budget), then at most {@code n} timed fits (stopping after the budget,
     * at least one), and returns {fits, median ms, min ms}.
     */
    static double[] measure(Fitter f, int n, int warmup, double budget) throws Exception {
        long start = System.nanoTime();
        for (int i = 0; i < warmup; i++) {
            Classifier c = f.fresh();
            c.buildClassifier(f.data);
            f.last = c;
            if ((System.nanoTime() - start) / 1e9 >= budget / 2) {
                break;
            }
        }
        List<Long> times = new ArrayList<>();
        start = System.nanoTime();
        while (times.size() < Math.max(n, 1)) {
            Classifier c = f.fresh();
            long t0 = System.nanoTime();
            c.buildClassifier(f.data);
            times.add(System.nanoTime() - t0);
            f.last = c;
            if ((System.nanoTime() - start) / 1e9 >= budget) {
                break;
            }
        }
        long[] t = times.stream().mapToLong(Long::longValue).sorted().toArray();
        int k = t.length;
        double med = k % 2 == 1 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2.0;
        return new double[] {k, med / 1e6, t[0] / 1e6};
    }

    /** The share of test instances c classifies correctly. */
    static double accuracy(Classifier c, Instances test) throws Exception {
        int right = 0;
        for (int i = 0; i < test.numInstances(); i++) {
            if (c.classifyInstance(test.instance(i)) == test.instance(i).classValue()) {
                right++;
            }
        }
        return test.numInstances() == 0 ? -1 : (double) right / test.numInstances();
    }

    /** Reads an ARFF file with the last attribute as the class. */
    static Instances readArff(String path) throws IOException {
        try (BufferedReader r = new BufferedReader(new FileReader(path))) {
            Instances d = new Instances(r);
            d.setClassIndex(d.numAttributes() - 1);
            return d;
        } catch (IOException e) {
            throw new IOException("read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Reads datasets.tsv: {tier, seed, train_arff, test_arff} per kept line. */
    static List<String[]> readManifest(String path, List<String> tiers) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new FileReader(path))) {
            String head = r.readLine();
            if (head == null) {
                throw new IOException("read manifest " + path + ": no header");
            }
            Map<String, Integer> col = new HashMap<>();
            String[] names = head.split("\t");
            for (int i = 0; i < names.length; i++) {
                col.put(names[i], i);
            }
            for (String name : new String[] {"tier", "seed", "train_arff", "test_arff"}) {
                if (!col.containsKey(name)) {
                    throw new IOException("read manifest " + path + ": no column " + name);
                }
            }
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split("\t");
                String tier = f[col.get("tier")];
                if (tiers.isEmpty() || tiers.contains(tier)) {
                    out.add(new String[] {tier, f[col.get("seed")], f[col.get("train_arff")], f[col.get("test_arff")]});
                }
            }
        }
        return out;
    }

    /** Parses -name value pairs. */
    static Map<String, String> parseFlags(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("-")) {
                throw new IllegalArgumentException("expected -flag value, got " + args[i]);
            }
            m.put(args[i].substring(1), args[i + 1]);
        }
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("flag " + args[args.length - 1] + " has no value");
        }
        return m;
    }

    /** Splits a comma-separated list, dropping empty items. */
    static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String item : s.split(",")) {
            if (!item.trim().isEmpty()) {
                out.add(item.trim());
            }
        }
        return out;
    }
}
