import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weka.classifiers.Classifier;
import weka.core.Attribute;
import weka.core.Capabilities;
import weka.core.FastVector;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.OptionHandler;
import weka.core.Utils;

/**
 * DtbenchWeka runs any Weka 3.6 classifier as a dtbench external learner.
 *
 * <pre>
 * javac -cp /usr/share/java/weka.jar adapters/weka/DtbenchWeka.java   # once
 * java -cp /usr/share/java/weka.jar:adapters/weka DtbenchWeka weka.classifiers.trees.J48 -U
 * </pre>
 *
 * The first argument is the classifier's class name, the rest its options, as on Weka's command
 * line. dtbench speaks line-delimited JSON on stdin/stdout (adapters/README.md); diagnostics go to
 * stderr, which dtbench logs. Every fit builds a fresh copy of the configured classifier on the
 * request's rows, as nominal attributes with the schema's value labels, seeded with the request's
 * seed when the classifier takes one (setSeed). It speaks protocol 2: a numeric feature becomes a
 * numeric Attribute and takes its numbers as they came, a missing value (null) a missing value
 * (Instance.missingValue, what Instance.setMissing sets), so that the classifier handles both as
 * Weka does; the handshake announces what the classifier's Capabilities say it takes.
 *
 * <p>The trees of J48, Id3, SimpleCart and RandomTree are walked from their model objects and
 * returned as dtbench JSON trees, so they get DOE; their private fields are read by reflection
 * (Weka 3.6 has no public accessors), in the parallel-array form without counts (dtbench counts
 * the training rows reaching each node itself). A branch that Weka built from no rows — J48's empty son, Id3's leaf with a missing
 * class, RandomTree's node without a distribution, SimpleCart's leaf with a missing class — takes
 * the majority class of its parent's rows, which is what each of them predicts there (J48,
 * RandomTree) or the convention dtbench's learners follow where Weka predicts no class (Id3,
 * SimpleCart). Every other classifier returns predictions: classifyInstance for the held-out rows
 * and the input space, distributionForInstance for the probabilities.
 */
public final class DtbenchWeka {
    static final String ADAPTER_VERSION = "3"; // 2: reads requests as bytes; the echo op. 3: protocol 2 (numbers, missing values)

    /** The newest protocol version the adapter speaks (adapters/README.md). */
    static final int PROTOCOL = 2;

    private final String className;
    private final String[] options;
    private final Classifier template;

    DtbenchWeka(String[] args) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: DtbenchWeka weka.classifiers.CLASS [options...]");
        }
        className = args[0];
        options = Arrays.copyOfRange(args, 1, args.length);
        template = Classifier.forName(className, options.clone());
    }

    public static void main(String[] args) throws Exception {
        DtbenchWeka adapter;
        try {
            adapter = new DtbenchWeka(args);
        } catch (Exception e) {
            System.err.println("DtbenchWeka: " + e);
            System.exit(2);
            return;
        }
        Lines in = new Lines(new FileInputStream(FileDescriptor.in));
        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        for (Lines.Line line; (line = in.next()) != null; ) {
            if (line.blank()) {
                continue;
            }
            String reply;
            try {
                Map<String, Object> req = Json.object(Json.parse(line.buf, line.start, line.end));
                String op = Json.str(req.get("op"));
                if ("hello".equals(op)) {
                    reply = adapter.hello();
                } else if ("fit".equals(op)) {
                    reply = adapter.fit(req);
                } else if ("echo".equals(op)) {
                    reply = echo(req);
                } else {
                    reply = "{\"error\":" + Json.quote("unknown op " + op) + "}";
                }
            } catch (Exception e) {
                e.printStackTrace(System.err);
                reply = "{\"error\":" + Json.quote(e.toString()) + "}";
            }
            // One write of the whole line: dtbench wakes once to read it.
            out.write((reply + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Lines reads standard input's lines as bytes, without decoding them to characters first: a
     * request is mostly base64, which the JSON reader takes from the bytes (decoding 58 KB of
     * request through a BufferedReader cost about 0.1 ms a fit).
     */
    static final class Lines {
        private final InputStream in;
        private byte[] buf = new byte[1 << 16];
        private int start, end; // unread bytes: buf[start:end)

        Lines(InputStream in) {
            this.in = in;
        }

        /** One line: buf[start:end), without its newline. */
        static final class Line {
            final byte[] buf;
            final int start, end;

            Line(byte[] buf, int start, int end) {
                this.buf = buf;
                this.start = start;
                this.end = end;
            }

            boolean blank() {
                for (int i = start; i < end; i++) {
                    if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
                        return false;
                    }
                }
                return true;
            }
        }

        /** The next line, or null at the end of input (a last line without newline included). */
        Line next() throws IOException {
            int scanned = start;
            while (true) {
                for (int i = scanned; i < end; i++) {
                    if (buf[i] == '\n') {
                        Line l = new Line(buf, start, i);
                        start = i + 1;
                        return l;
                    }
                }
                scanned = end;
                if (end == buf.length) { // make room: move the partial line down, or grow
                    int n = end - start;
                    byte[] to = n > buf.length / 2 ? new byte[buf.length * 2] : buf;
                    System.arraycopy(buf, start, to, 0, n);
                    buf = to;
                    start = 0;
                    end = scanned = n;
                }
                int n = in.read(buf, end, buf.length - end);
                if (n < 0) {
                    if (start == end) {
                        return null;
                    }
                    Line l = new Line(buf, start, end);
                    start = end;
                    return l;
                }
                end += n;
            }
        }
    }

    String hello() {
        String opts = template instanceof OptionHandler ? Utils.joinOptions(((OptionHandler) template).getOptions()) : "";
        String name = (className + " " + opts).trim();
        // What the classifier takes, by its own Capabilities (J48: both; Id3: neither).
        Capabilities caps = template.getCapabilities();
        boolean numeric = caps.handles(Capabilities.Capability.NUMERIC_ATTRIBUTES);
        boolean missing = caps.handles(Capabilities.Capability.MISSING_VALUES);
        return "{\"name\":" + Json.quote(name) + ",\"version\":" + Json.quote("Weka " + weka.core.Version.VERSION + ", adapter " + ADAPTER_VERSION)
                + ",\"protocol\":" + PROTOCOL + ",\"capabilities\":{\"numeric\":" + numeric + ",\"missing\":" + missing + "}"
                + ",\"missing_values\":" + Json.quote(missing ? "Weka's own: a missing value is Weka's missing value, which " + className + " handles as Weka does" : "refused (" + className + "'s Capabilities take none)")
                + "}";
    }

    /**
     * The diagnostic op echo: the request's schema as the adapter read it, written back as JSON
     * ({"schema": {...}}), so a test can check that names and labels come through the reader
     * exactly. dtbench itself never sends it.
     */
    static String echo(Map<String, Object> req) {
        Map<String, Object> schema = Json.object(req.get("schema"));
        StringBuilder sb = new StringBuilder("{\"schema\":{\"features\":[");
        List<Object> features = Json.array(schema.get("features"));
        for (int f = 0; f < features.size(); f++) {
            echoAttribute(Json.object(features.get(f)), sb.append(f > 0 ? "," : ""));
        }
        echoAttribute(Json.object(schema.get("class")), sb.append("],\"class\":"));
        return sb.append("}}").toString();
    }

    static void echoAttribute(Map<String, Object> a, StringBuilder sb) {
        sb.append("{\"name\":").append(Json.quote(Json.str(a.get("name"))));
        if (Boolean.TRUE.equals(a.get("numeric"))) {
            sb.append(",\"numeric\":true}");
            return;
        }
        sb.append(",\"values\":[");
        List<Object> values = Json.array(a.get("values"));
        for (int v = 0; v < values.size(); v++) {
            sb.append(v > 0 ? "," : "").append(Json.quote(Json.str(values.get(v))));
        }
        sb.append("]}");
    }

    /**
     * One fit: the request's rows as Instances, a fresh classifier, the tree or predictions. Rows in
     * protocol 2's values form (x a list of rows: codes, numbers, null where missing) always get
     * predictions: dtbench's trees test nominal codes only.
     */
    String fit(Map<String, Object> req) throws Exception {
        Map<String, Object> schema = Json.object(req.get("schema"));
        List<Object> features = Json.array(schema.get("features"));
        Map<String, Object> cls = Json.object(schema.get("class"));
        int m = features.size();
        int[] domains = new int[m]; // 0 for a numeric feature
        FastVector attrs = new FastVector(m + 1);
        Set<String> names = new HashSet<>();
        for (int f = 0; f < m; f++) {
            Map<String, Object> a = Json.object(features.get(f));
            String name = unique(names, Json.str(a.get("name")));
            if (Boolean.TRUE.equals(a.get("numeric"))) {
                attrs.addElement(new Attribute(name));
                continue;
            }
            List<Object> values = Json.array(a.get("values"));
            domains[f] = values.size();
            attrs.addElement(new Attribute(name, labels(values)));
        }
        List<Object> classValues = Json.array(cls.get("values"));
        int k = classValues.size();
        attrs.addElement(new Attribute(unique(names, Json.str(cls.get("name"))), labels(classValues)));
        Map<String, Object> train = Json.object(req.get("train"));
        int n = ((Number) train.get("rows")).intValue();
        boolean valuesForm = train.get("x") instanceof List;
        byte[] x = valuesForm ? null : Json.base64(train.get("x"));
        double[][] xv = valuesForm ? values(train.get("x"), n, m) : null;
        byte[] y = Json.base64(train.get("y"));
        Instances data = new Instances("dtbench", attrs, n);
        data.setClassIndex(m);
        FastVector rows = instanceList(data);
        for (int r = 0; r < n; r++) {
            double[] vals = new double[m + 1];
            for (int f = 0; f < m; f++) {
                vals[f] = valuesForm ? xv[r][f] : x[r * m + f];
            }
            vals[m] = y[r];
            Instance inst = new Instance(1.0, vals);
            inst.setDataset(data);
            rows.addElement(inst); // what data.add does, but for its copy of each instance
        }
        Classifier c = Classifier.forName(className, options.clone()); // fresh, cheaper than makeCopy's serialization
        seed(c, ((Number) req.get("seed")).longValue());
        long start = System.nanoTime();
        c.buildClassifier(data);
        double seconds = (System.nanoTime() - start) / 1e9;
        StringBuilder sb = new StringBuilder(1 << 12);
        sb.append("{\"fit_seconds\":").append(seconds);
        if (valuesForm) {
            Predictor p = new Predictor(c, data, k);
            if (req.containsKey("predict")) {
                Map<String, Object> pr = Json.object(req.get("predict"));
                int t = ((Number) pr.get("rows")).intValue();
                p.rows(values(pr.get("x"), t, m), sb);
            }
            return sb.append('}').toString();
        }
        Trees.Node root = Trees.walk(c, data);
        if (root != null) {
            List<Trees.Node> nodes = Trees.finish(root, x, y, m, k);
            if (CHECK) {
                check(c, root, data, domains, k);
            }
            sb.append(",\"tree\":");
            Trees.write(nodes, sb);
        } else {
            Predictor p = new Predictor(c, data, k);
            if (req.containsKey("predict")) {
                Map<String, Object> pr = Json.object(req.get("predict"));
                int t = ((Number) pr.get("rows")).intValue();
                byte[] px = Json.base64(pr.get("x"));
                p.rows(px, t, m, sb);
            }
            if (Boolean.TRUE.equals(req.get("space"))) {
                p.space(domains, sb);
            }
        }
        return sb.append('}').toString();
    }

    /**
     * With -Ddtbench.check=true, every walked tree is checked against the classifier itself: on
     * every input of the space (up to 2^16), the tree's class must be the one classifyInstance
     * gives, wherever Weka gives one (Id3 and SimpleCart give none on a branch built from no rows).
     * A mismatch fails the fit with an error reply. The adapter's tests run in this mode.
     */
    static final boolean CHECK = Boolean.getBoolean("dtbench.check");

    static void check(Classifier c, Trees.Node root, Instances data, int[] domains, int k) throws Exception {
        long size = 1;
        for (int z : domains) {
            size *= z;
        }
        if (size > 1 << 16) {
            return;
        }
        Predictor p = new Predictor(c, data, k);
        int m = domains.length;
        byte[] row = new byte[m];
        for (long i = 0; i < size; i++) {
            double weka = c.classifyInstance(p.instance(row, 0, m));
            int ours = Trees.predict(root, row, 0);
            if (!Double.isNaN(weka) && (int) weka != ours) {
                throw new IllegalStateException("walked tree gives class " + ours + " where " + c.getClass().getSimpleName()
                        + " gives " + (int) weka + " on input " + Arrays.toString(row));
            }
            for (int f = m - 1; f >= 0; f--) {
                if (++row[f] < domains[f]) {
                    break;
                }
                row[f] = 0;
            }
        }
    }

    /**
     * The rows of a request's x in the values form, n lists of m values each: a nominal code or a
     * number as a double, null as Weka's missing value (Instance.missingValue(), which
     * Instance.setMissing sets).
     */
    static double[][] values(Object x, int n, int m) {
        List<Object> rows = Json.array(x);
        if (rows.size() != n) {
            throw new IllegalArgumentException(rows.size() + " rows for rows " + n);
        }
        double[][] out = new double[n][m];
        for (int r = 0; r < n; r++) {
            List<Object> row = Json.array(rows.get(r));
            if (row.size() != m) {
                throw new IllegalArgumentException("row " + r + " has " + row.size() + " values for " + m + " features");
            }
            for (int f = 0; f < m; f++) {
                Object v = row.get(f);
                out[r][f] = v == null ? Instance.missingValue() : ((Number) v).doubleValue();
            }
        }
        return out;
    }

    /** The instances of data, to add to without Instances.add's copy of each (Weka 3.6). */
    static FastVector instanceList(Instances data) throws Exception {
        return (FastVector) Trees.F_INSTANCES.get(data);
    }

    /** Seeds a classifier that has setSeed(int) (Randomizable ones, J48's for its folds). */
    static void seed(Classifier c, long seed) {
        try {
            Method m = c.getClass().getMethod("setSeed", int.class);
            m.invoke(c, (int) seed);
        } catch (NoSuchMethodException e) {
            // deterministic, or not seedable: nothing to do
        } catch (Exception e) {
            throw new IllegalStateException("setSeed: " + e, e);
        }
    }

    static FastVector labels(List<Object> values) {
        FastVector v = new FastVector(values.size());
        for (Object o : values) {
            v.addElement(Json.str(o));
        }
        return v;
    }

    /** Weka wants distinct attribute names; a repeated name gets a suffix. */
    static String unique(Set<String> names, String name) {
        String n = name == null || name.isEmpty() ? "attr" : name;
        String out = n;
        for (int i = 2; !names.add(out); i++) {
            out = n + "_" + i;
        }
        return out;
    }

    /** Predictions of a classifier without a walked tree. */
    static final class Predictor {
        final Classifier c;
        final Instances header;
        final int k;
        final int fallback; // the training majority, for a classifier that predicts no class

        Predictor(Classifier c, Instances data, int k) {
            this.c = c;
            this.header = new Instances(data, 0);
            this.k = k;
            int[] counts = new int[k];
            for (int i = 0; i < data.numInstances(); i++) {
                counts[(int) data.instance(i).classValue()]++;
            }
            this.fallback = Utils.maxIndex(counts);
        }

        int classify(Instance inst) throws Exception {
            double v = c.classifyInstance(inst);
            return Double.isNaN(v) ? fallback : (int) v;
        }

        Instance instance(byte[] codes, int off, int m) {
            double[] vals = new double[m + 1];
            for (int f = 0; f < m; f++) {
                vals[f] = codes[off + f];
            }
            vals[m] = Instance.missingValue();
            Instance inst = new Instance(1.0, vals);
            inst.setDataset(header);
            return inst;
        }

        /**
         * Predictions for instances in the values form: each class as Weka's Evaluation takes it,
         * Utils.maxIndex of distributionForInstance (which a cross-validation counts; J48's
         * classifyInstance breaks near-ties within 1e-6 otherwise), the classifier's own class
         * when the distribution is all zeros, and the distribution normalized (a share below 0
         * by rounding sent as 0).
         */
        void rows(double[][] xv, StringBuilder sb) throws Exception {
            int t = xv.length;
            StringBuilder classes = new StringBuilder(t * 2), proba = new StringBuilder(t * 8 * k);
            for (int r = 0; r < t; r++) {
                double[] vals = Arrays.copyOf(xv[r], xv[r].length + 1);
                vals[vals.length - 1] = Instance.missingValue();
                Instance inst = new Instance(1.0, vals);
                inst.setDataset(header);
                double[] d = c.distributionForInstance(inst);
                double sum = 0;
                for (double v : d) {
                    sum += v;
                }
                int cl = sum > 0 ? Utils.maxIndex(d) : classify(inst);
                if (r > 0) {
                    classes.append(',');
                    proba.append(',');
                }
                classes.append(cl);
                proba.append('[');
                for (int j = 0; j < k; j++) {
                    if (j > 0) {
                        proba.append(',');
                    }
                    // A share below 0 by rounding (SimpleCart's with missing values: -4.6e-17)
                    // is sent as 0: probabilities are in [0, 1].
                    proba.append(sum > 0 ? Math.max(d[j], 0) / sum : (j == cl ? 1.0 : 0.0));
                }
                proba.append(']');
            }
            sb.append(",\"predictions\":{\"classes\":[").append(classes).append("],\"proba\":[").append(proba).append("]}");
        }

        void rows(byte[] px, int t, int m, StringBuilder sb) throws Exception {
            StringBuilder classes = new StringBuilder(t * 2), proba = new StringBuilder(t * 8 * k);
            for (int r = 0; r < t; r++) {
                Instance inst = instance(px, r * m, m);
                if (r > 0) {
                    classes.append(',');
                    proba.append(',');
                }
                classes.append(classify(inst));
                double[] d = c.distributionForInstance(inst);
                double sum = 0;
                for (double v : d) {
                    sum += v;
                }
                proba.append('[');
                for (int j = 0; j < k; j++) {
                    if (j > 0) {
                        proba.append(',');
                    }
                    proba.append(sum > 0 ? d[j] / sum : (j == classify(inst) ? 1.0 : 0.0));
                }
                proba.append(']');
            }
            sb.append(",\"predictions\":{\"classes\":[").append(classes).append("],\"proba\":[").append(proba).append("]}");
        }

        /** Every input of the space, feature 0 slowest (dtbench's dataset.SpaceIndex order). */
        void space(int[] domains, StringBuilder sb) throws Exception {
            int m = domains.length;
            byte[] row = new byte[m];
            sb.append(",\"space\":[");
            for (boolean first = true; ; first = false) {
                if (!first) {
                    sb.append(',');
                }
                sb.append(classify(instance(row, 0, m)));
                int f = m - 1;
                for (; f >= 0; f--) {
                    if (++row[f] < domains[f]) {
                        break;
                    }
                    row[f] = 0;
                }
                if (f < 0) {
                    break;
                }
            }
            sb.append(']');
        }
    }

    /** Walks the model objects of Weka's trees into one node type. */
    static final class Trees {
        /** A node: a leaf (feature −1) with its class, or a test with one child per value. */
        static final class Node {
            int feature = -1;
            int cls = -1; // −1: a leaf built from no rows (its parent's majority)
            Node[] children; // per value; entries may repeat (a subset split)
            int id = -1; // −1 until finish numbers it
            int[] counts;
        }

        /** The classifier's tree, or null for a classifier whose tree is not walked. */
        static Node walk(Classifier c, Instances data) throws Exception {
            String n = c.getClass().getName();
            switch (n) {
                case "weka.classifiers.trees.J48":
                    return j48(F_ROOT.get(c), data);
                case "weka.classifiers.trees.Id3":
                    return id3(c, data);
                case "weka.classifiers.trees.SimpleCart":
                    return cart(c, data);
                case "weka.classifiers.trees.RandomTree":
                    Object t = F_TREE.get(c);
                    return t == null ? null : randomTree(t, data);
                default:
                    return null;
            }
        }

        /** J48's ClassifierTree: m_isLeaf, m_isEmpty, m_localModel (C45Split, BinC45Split, NoSplit), m_sons. */
        static Node j48(Object t, Instances data) throws Exception {
            Instance probe = new Instance(data.numAttributes()); // the value whichSubset is asked about
            probe.setDataset(data);
            return j48(t, data, probe);
        }

        static Node j48(Object t, Instances data, Instance probe) throws Exception {
            Node node = new Node();
            weka.classifiers.trees.j48.ClassifierSplitModel model = (weka.classifiers.trees.j48.ClassifierSplitModel) F_LOCAL_MODEL.get(t);
            if ((Boolean) F_IS_LEAF.get(t)) {
                node.cls = ((Boolean) F_IS_EMPTY.get(t)) ? -1 : model.distribution().maxClass();
                return node;
            }
            int att = (Integer) attIndex(model).invoke(model);
            Object[] sons = (Object[]) F_SONS.get(t);
            Node[] built = new Node[sons.length];
            node.feature = att;
            node.children = new Node[data.attribute(att).numValues()];
            for (int v = 0; v < node.children.length; v++) {
                probe.setValue(att, v);
                int s = model.whichSubset(probe);
                if (built[s] == null) {
                    built[s] = j48(sons[s], data, probe);
                }
                node.children[v] = built[s];
            }
            return node;
        }

        /** Id3: m_Attribute (null at a leaf), m_ClassValue (missing at an empty leaf), m_Successors. */
        static Node id3(Object t, Instances data) throws Exception {
            Node node = new Node();
            Attribute a = (Attribute) F_ATTRIBUTE.get(t);
            if (a == null) {
                double v = (Double) F_CLASS_VALUE.get(t);
                node.cls = Double.isNaN(v) ? -1 : (int) v;
                return node;
            }
            Object[] succ = (Object[]) F_SUCCESSORS.get(t);
            node.feature = a.index();
            node.children = new Node[succ.length];
            for (int v = 0; v < succ.length; v++) {
                node.children[v] = id3(succ[v], data);
            }
            return node;
        }

        /** SimpleCart: m_isLeaf, m_ClassValue, m_Attribute, m_SplitString (the values going to successor 0), m_Successors. */
        static Node cart(Object t, Instances data) throws Exception {
            Node node = new Node();
            if ((Boolean) F_IS_LEAF.get(t)) {
                double v = (Double) F_CLASS_VALUE.get(t);
                node.cls = Double.isNaN(v) ? -1 : (int) v;
                return node;
            }
            Attribute a = (Attribute) F_ATTRIBUTE.get(t);
            String split = (String) F_SPLIT_STRING.get(t);
            Object[] succ = (Object[]) F_SUCCESSORS.get(t);
            Node left = cart(succ[0], data), right = cart(succ[1], data);
            node.feature = a.index();
            node.children = new Node[a.numValues()];
            for (int v = 0; v < a.numValues(); v++) {
                // As SimpleCart.distributionForInstance decides.
                node.children[v] = split.indexOf("(" + a.value(v) + ")") != -1 ? left : right;
            }
            return node;
        }

        /** RandomTree's Tree: m_Attribute (−1 at a leaf), m_ClassDistribution (null when built from no rows), m_Successors. */
        static Node randomTree(Object t, Instances data) throws Exception {
            Node node = new Node();
            int att = (Integer) F_ATTRIBUTE.get(t);
            if (att < 0) {
                double[] d = (double[]) F_CLASS_DISTRIBUTION.get(t);
                node.cls = d == null || Utils.sum(d) == 0 ? -1 : Utils.maxIndex(d);
                return node;
            }
            Object[] succ = (Object[]) F_SUCCESSORS.get(t);
            node.feature = att;
            node.children = new Node[succ.length];
            for (int v = 0; v < succ.length; v++) {
                node.children[v] = randomTree(succ[v], data);
            }
            return node;
        }

        /**
         * A field of Weka's model objects, read by reflection whatever its access, and looked up
         * again only when it is read on another class than last time: a lookup walks the class
         * chain and throws on every miss, which uncached cost more than the rest of a J48 tree's
         * walk (1.7 ms for a 1,000-node tree), and a map per read still a third of it.
         */
        static final class FieldRef {
            private final String name;
            private Class<?> cls;
            private Field field;

            FieldRef(String name) {
                this.name = name;
            }

            Object get(Object o) throws Exception {
                if (o.getClass() != cls) {
                    field = field(o.getClass(), name);
                    cls = o.getClass();
                }
                return field.get(o);
            }
        }

        static final FieldRef F_ATTRIBUTE = new FieldRef("m_Attribute");
        static final FieldRef F_CLASS_DISTRIBUTION = new FieldRef("m_ClassDistribution");
        static final FieldRef F_CLASS_VALUE = new FieldRef("m_ClassValue");
        static final FieldRef F_INSTANCES = new FieldRef("m_Instances");
        static final FieldRef F_SPLIT_STRING = new FieldRef("m_SplitString");
        static final FieldRef F_SUCCESSORS = new FieldRef("m_Successors");
        static final FieldRef F_TREE = new FieldRef("m_Tree");
        static final FieldRef F_IS_EMPTY = new FieldRef("m_isEmpty");
        static final FieldRef F_IS_LEAF = new FieldRef("m_isLeaf");
        static final FieldRef F_LOCAL_MODEL = new FieldRef("m_localModel");
        static final FieldRef F_ROOT = new FieldRef("m_root");
        static final FieldRef F_SONS = new FieldRef("m_sons");

        static Field field(Class<?> cls, String name) throws NoSuchFieldException {
            for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
                try {
                    Field f = c.getDeclaredField(name);
                    f.setAccessible(true);
                    return f;
                } catch (NoSuchFieldException e) {
                    // look further up
                }
            }
            throw new NoSuchFieldException(cls.getName() + "." + name);
        }

        /** The attIndex method of a J48 split model's class, looked up again only for another class. */
        static Method attIndex(Object model) throws NoSuchMethodException {
            if (model.getClass() != attIndexClass) {
                attIndexMethod = model.getClass().getMethod("attIndex");
                attIndexClass = model.getClass();
            }
            return attIndexMethod;
        }

        private static Class<?> attIndexClass;
        private static Method attIndexMethod;

        /**
         * Numbers the nodes depth first (every child after its parent) and gives a leaf built
         * from no rows its parent's majority class, counting the training rows each node receives
         * only when the tree has such a leaf.
         */
        static List<Node> finish(Node root, byte[] x, byte[] y, int m, int k) {
            List<Node> order = new ArrayList<>();
            number(root, order);
            boolean empty = false; // a leaf without a class: one no training row reached
            for (Node nd : order) {
                empty |= nd.feature < 0 && nd.cls < 0;
            }
            if (!empty) {
                return order; // nothing needs the counts (dtbench counts the rows itself)
            }
            for (Node nd : order) {
                nd.counts = new int[k];
            }
            for (int r = 0; r < y.length; r++) {
                Node nd = root;
                while (true) {
                    nd.counts[y[r]]++;
                    if (nd.feature < 0) {
                        break;
                    }
                    nd = nd.children[x[r * m + nd.feature]];
                }
            }
            for (Node nd : order) {
                if (nd.children == null) {
                    continue;
                }
                for (Node ch : nd.children) {
                    if (ch.feature < 0 && ch.cls < 0) {
                        ch.cls = argmax(nd.counts);
                    }
                }
            }
            if (root.feature < 0 && root.cls < 0) {
                root.cls = 0;
            }
            return order;
        }

        /** The leaf class the tree gives the input codes[off .. off+m). */
        static int predict(Node root, byte[] codes, int off) {
            Node nd = root;
            while (nd.feature >= 0) {
                nd = nd.children[codes[off + nd.feature]];
            }
            return nd.cls;
        }

        /** Writes finished nodes as dtbench JSON, in the parallel-array form. */
        static void write(List<Node> order, StringBuilder sb) {
            // No counts: they are the training rows reaching each node (the instances carry
            // weight 1), which dtbench counts itself.
            sb.append("{\"feature\":[");
            for (int i = 0; i < order.size(); i++) {
                sb.append(i > 0 ? "," : "").append(order.get(i).feature);
            }
            sb.append("],\"class\":[");
            for (int i = 0; i < order.size(); i++) {
                sb.append(i > 0 ? "," : "").append(Math.max(order.get(i).cls, 0));
            }
            sb.append("],\"children\":[");
            for (int i = 0; i < order.size(); i++) {
                Node nd = order.get(i);
                sb.append(i > 0 ? ",[" : "[");
                if (nd.feature >= 0) {
                    for (int v = 0; v < nd.children.length; v++) {
                        sb.append(v > 0 ? "," : "").append(nd.children[v].id);
                    }
                }
                sb.append(']');
            }
            sb.append("]}");
        }

        /** Numbers nd and its descendants depth first; a node reached twice (a subset split's) keeps its first id. */
        static void number(Node nd, List<Node> order) {
            if (nd.id >= 0) {
                return;
            }
            nd.id = order.size();
            order.add(nd);
            if (nd.children != null) {
                for (Node ch : nd.children) {
                    number(ch, order);
                }
            }
        }

        static int argmax(int[] counts) {
            int best = 0;
            for (int i = 1; i < counts.length; i++) {
                if (counts[i] > counts[best]) {
                    best = i;
                }
            }
            return best;
        }
    }

    /**
     * A minimal JSON reader for the requests (objects, arrays, strings, numbers, literals), over
     * the UTF-8 bytes of a line.
     */
    static final class Json {
        private final byte[] b;
        private final int end;
        private int i;

        private Json(byte[] b, int start, int end) {
            this.b = b;
            this.i = start;
            this.end = end;
        }

        /** The JSON value that is all of b[start:end). */
        static Object parse(byte[] b, int start, int end) {
            Json j = new Json(b, start, end);
            Object v = j.value();
            j.ws();
            if (j.i != end) {
                throw new IllegalArgumentException("JSON: trailing text at " + (j.i - start));
            }
            return v;
        }

        /**
         * A long string without escapes (the base64 codes of a request's rows), kept as its bytes
         * in the line: base64 decodes from them directly, without a String between.
         */
        static final class Raw {
            final byte[] b;
            final int start, end;

            Raw(byte[] b, int start, int end) {
                this.b = b;
                this.start = start;
                this.end = end;
            }

            @Override
            public String toString() {
                return new String(b, start, end - start, StandardCharsets.UTF_8);
            }
        }

        /** Strings at least this long, without escapes, are read as Raw. */
        static final int RAW = 1 << 10;

        /** A string value, or an error naming what came instead. */
        static String str(Object o) {
            if (o instanceof Raw) {
                return o.toString();
            }
            if (!(o instanceof String)) {
                throw new IllegalArgumentException("JSON: want a string, got " + o);
            }
            return (String) o;
        }

        /** The bytes of a base64 string value. */
        static byte[] base64(Object o) {
            if (o instanceof Raw) {
                Raw r = (Raw) o;
                ByteBuffer d = Base64.getDecoder().decode(ByteBuffer.wrap(r.b, r.start, r.end - r.start));
                byte[] out = new byte[d.remaining()];
                d.get(out);
                return out;
            }
            return Base64.getDecoder().decode(str(o));
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(Object o) {
            if (!(o instanceof Map)) {
                throw new IllegalArgumentException("JSON: want an object, got " + o);
            }
            return (Map<String, Object>) o;
        }

        @SuppressWarnings("unchecked")
        static List<Object> array(Object o) {
            if (!(o instanceof List)) {
                throw new IllegalArgumentException("JSON: want an array, got " + o);
            }
            return (List<Object>) o;
        }

        static String quote(String v) {
            StringBuilder sb = new StringBuilder(v.length() + 2).append('"');
            for (int k = 0; k < v.length(); k++) {
                char c = v.charAt(k);
                switch (c) {
                    case '"': sb.append("\\\""); break;
                    case '\\': sb.append("\\\\"); break;
                    case '\n': sb.append("\\n"); break;
                    case '\r': sb.append("\\r"); break;
                    case '\t': sb.append("\\t"); break;
                    default:
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                }
            }
            return sb.append('"').toString();
        }

        private void ws() {
            while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
                i++;
            }
        }

        private byte peek() {
            if (i >= end) {
                throw new IllegalArgumentException("JSON: unexpected end");
            }
            return b[i];
        }

        private Object value() {
            ws();
            byte c = peek();
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (peek() == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        ws();
                        String k = str(string());
                        ws();
                        expect(':');
                        m.put(k, value());
                        ws();
                        if (peek() == ',') {
                            i++;
                            continue;
                        }
                        expect('}');
                        return m;
                    }
                }
                case '[': {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (peek() == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        ws();
                        if (peek() == ',') {
                            i++;
                            continue;
                        }
                        expect(']');
                        return l;
                    }
                }
                case '"':
                    return string();
                case 't':
                    literal("true");
                    return Boolean.TRUE;
                case 'f':
                    literal("false");
                    return Boolean.FALSE;
                case 'n':
                    literal("null");
                    return null;
                default: {
                    int start = i;
                    boolean integer = true;
                    for (; i < end; i++) {
                        byte d = b[i];
                        if (d == '.' || d == 'e' || d == 'E') {
                            integer = false;
                        } else if (d != '+' && d != '-' && (d < '0' || d > '9')) {
                            break;
                        }
                    }
                    if (i == start) {
                        throw new IllegalArgumentException("JSON: unexpected '" + (char) (c & 0xff) + "' at " + start);
                    }
                    String num = new String(b, start, i - start, StandardCharsets.US_ASCII);
                    return integer ? (Object) Long.parseLong(num) : (Object) Double.parseDouble(num);
                }
            }
        }

        private void literal(String word) {
            for (int k = 0; k < word.length(); k++) {
                if (i + k >= end || b[i + k] != word.charAt(k)) {
                    throw new IllegalArgumentException("JSON: bad literal at " + i);
                }
            }
            i += word.length();
        }

        private void expect(char c) {
            if (i >= end || b[i] != c) {
                throw new IllegalArgumentException("JSON: want '" + c + "' at " + i);
            }
            i++;
        }

        /** A string (or Raw); its runs of unescaped bytes are decoded as UTF-8. */
        private Object string() {
            expect('"');
            int run = i;
            while (i < end && b[i] != '"' && b[i] != '\\') {
                i++;
            }
            if (i < end && b[i] == '"') { // no escapes: the base64 codes, most names
                i++;
                return i - 1 - run >= RAW ? new Raw(b, run, i - 1) : new String(b, run, i - 1 - run, StandardCharsets.UTF_8);
            }
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (i >= end) {
                    throw new IllegalArgumentException("JSON: unterminated string");
                }
                byte c = b[i];
                if (c != '"' && c != '\\') {
                    i++;
                    continue;
                }
                sb.append(new String(b, run, i - run, StandardCharsets.UTF_8));
                i++;
                if (c == '"') {
                    return sb.toString();
                }
                if (i >= end) {
                    throw new IllegalArgumentException("JSON: unterminated string");
                }
                byte e = b[i++];
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'u':
                        if (i + 4 > end) {
                            throw new IllegalArgumentException("JSON: short \\u escape at " + i);
                        }
                        sb.append((char) Integer.parseInt(new String(b, i, 4, StandardCharsets.US_ASCII), 16));
                        i += 4;
                        break;
                    default: sb.append((char) e); // \" \\ \/
                }
                run = i;
            }
        }
    }
}
