import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weka.classifiers.Classifier;
import weka.core.Attribute;
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
 * seed when the classifier takes one (setSeed).
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
    static final String ADAPTER_VERSION = "1";

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
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) {
                continue;
            }
            String reply;
            try {
                Map<String, Object> req = Json.object(Json.parse(line));
                String op = (String) req.get("op");
                if ("hello".equals(op)) {
                    reply = adapter.hello();
                } else if ("fit".equals(op)) {
                    reply = adapter.fit(req);
                } else {
                    reply = "{\"error\":" + Json.quote("unknown op " + op) + "}";
                }
            } catch (Exception e) {
                e.printStackTrace(System.err);
                reply = "{\"error\":" + Json.quote(e.toString()) + "}";
            }
            out.print(reply);
            out.print('\n');
            out.flush();
        }
    }

    String hello() {
        String opts = template instanceof OptionHandler ? Utils.joinOptions(((OptionHandler) template).getOptions()) : "";
        String name = (className + " " + opts).trim();
        return "{\"name\":" + Json.quote(name) + ",\"version\":" + Json.quote("Weka " + weka.core.Version.VERSION + ", adapter " + ADAPTER_VERSION) + "}";
    }

    /** One fit: the request's rows as Instances, a fresh classifier, the tree or predictions. */
    String fit(Map<String, Object> req) throws Exception {
        Map<String, Object> schema = Json.object(req.get("schema"));
        List<Object> features = Json.array(schema.get("features"));
        Map<String, Object> cls = Json.object(schema.get("class"));
        int m = features.size();
        int[] domains = new int[m];
        FastVector attrs = new FastVector(m + 1);
        Set<String> names = new HashSet<>();
        for (int f = 0; f < m; f++) {
            Map<String, Object> a = Json.object(features.get(f));
            List<Object> values = Json.array(a.get("values"));
            domains[f] = values.size();
            attrs.addElement(new Attribute(unique(names, (String) a.get("name")), labels(values)));
        }
        List<Object> classValues = Json.array(cls.get("values"));
        int k = classValues.size();
        attrs.addElement(new Attribute(unique(names, (String) cls.get("name")), labels(classValues)));
        Map<String, Object> train = Json.object(req.get("train"));
        int n = ((Number) train.get("rows")).intValue();
        byte[] x = Base64.getDecoder().decode((String) train.get("x"));
        byte[] y = Base64.getDecoder().decode((String) train.get("y"));
        Instances data = new Instances("dtbench", attrs, n);
        data.setClassIndex(m);
        for (int r = 0; r < n; r++) {
            double[] vals = new double[m + 1];
            for (int f = 0; f < m; f++) {
                vals[f] = x[r * m + f];
            }
            vals[m] = y[r];
            data.add(new Instance(1.0, vals));
        }
        Classifier c = Classifier.forName(className, options.clone()); // fresh, cheaper than makeCopy's serialization
        seed(c, ((Number) req.get("seed")).longValue());
        long start = System.nanoTime();
        c.buildClassifier(data);
        double seconds = (System.nanoTime() - start) / 1e9;
        StringBuilder sb = new StringBuilder(1 << 12);
        sb.append("{\"fit_seconds\":").append(seconds);
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
                byte[] px = Base64.getDecoder().decode((String) pr.get("x"));
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
            v.addElement((String) o);
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
            int id;
            int[] counts;
        }

        /** The classifier's tree, or null for a classifier whose tree is not walked. */
        static Node walk(Classifier c, Instances data) throws Exception {
            String n = c.getClass().getName();
            switch (n) {
                case "weka.classifiers.trees.J48":
                    return j48(get(c, "m_root"), data);
                case "weka.classifiers.trees.Id3":
                    return id3(c, data);
                case "weka.classifiers.trees.SimpleCart":
                    return cart(c, data);
                case "weka.classifiers.trees.RandomTree":
                    Object t = get(c, "m_Tree");
                    return t == null ? null : randomTree(t, data);
                default:
                    return null;
            }
        }

        /** J48's ClassifierTree: m_isLeaf, m_isEmpty, m_localModel (C45Split, BinC45Split, NoSplit), m_sons. */
        static Node j48(Object t, Instances data) throws Exception {
            Node node = new Node();
            Object model = get(t, "m_localModel");
            weka.classifiers.trees.j48.Distribution dist = ((weka.classifiers.trees.j48.ClassifierSplitModel) model).distribution();
            if ((Boolean) get(t, "m_isLeaf")) {
                node.cls = ((Boolean) get(t, "m_isEmpty")) ? -1 : dist.maxClass();
                return node;
            }
            int att = (Integer) attIndex(model).invoke(model);
            Object[] sons = (Object[]) get(t, "m_sons");
            Node[] built = new Node[sons.length];
            node.feature = att;
            node.children = new Node[data.attribute(att).numValues()];
            Instance probe = new Instance(data.numAttributes());
            probe.setDataset(data);
            for (int v = 0; v < node.children.length; v++) {
                probe.setValue(att, v);
                int s = ((weka.classifiers.trees.j48.ClassifierSplitModel) model).whichSubset(probe);
                if (built[s] == null) {
                    built[s] = j48(sons[s], data);
                }
                node.children[v] = built[s];
            }
            return node;
        }

        /** Id3: m_Attribute (null at a leaf), m_ClassValue (missing at an empty leaf), m_Successors. */
        static Node id3(Object t, Instances data) throws Exception {
            Node node = new Node();
            Attribute a = (Attribute) get(t, "m_Attribute");
            if (a == null) {
                double v = (Double) get(t, "m_ClassValue");
                node.cls = Double.isNaN(v) ? -1 : (int) v;
                return node;
            }
            Object[] succ = (Object[]) get(t, "m_Successors");
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
            if ((Boolean) get(t, "m_isLeaf")) {
                double v = (Double) get(t, "m_ClassValue");
                node.cls = Double.isNaN(v) ? -1 : (int) v;
                return node;
            }
            Attribute a = (Attribute) get(t, "m_Attribute");
            String split = (String) get(t, "m_SplitString");
            Object[] succ = (Object[]) get(t, "m_Successors");
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
            int att = (Integer) get(t, "m_Attribute");
            if (att < 0) {
                double[] d = (double[]) get(t, "m_ClassDistribution");
                node.cls = d == null || Utils.sum(d) == 0 ? -1 : Utils.maxIndex(d);
                return node;
            }
            Object[] succ = (Object[]) get(t, "m_Successors");
            node.feature = att;
            node.children = new Node[succ.length];
            for (int v = 0; v < succ.length; v++) {
                node.children[v] = randomTree(succ[v], data);
            }
            return node;
        }

        /** Reads a field declared by the object's class or a superclass, whatever its access. */
        /**
         * The fields get has looked up, by class and name. A lookup walks the class chain and
         * throws on every miss: uncached, it cost more than the rest of a J48 tree's walk (1.7 ms
         * for a 1,000-node tree).
         */
        static final Map<Class<?>, Map<String, Field>> FIELDS = new HashMap<>();

        static Object get(Object o, String name) throws Exception {
            Map<String, Field> byName = FIELDS.computeIfAbsent(o.getClass(), k -> new HashMap<>());
            Field f = byName.get(name);
            if (f == null) {
                f = field(o.getClass(), name);
                byName.put(name, f);
            }
            return f.get(o);
        }

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

        /** The attIndex method of a J48 split model's class, looked up once per class. */
        static final Map<Class<?>, Method> ATT_INDEX = new HashMap<>();

        static Method attIndex(Object model) throws NoSuchMethodException {
            Method m = ATT_INDEX.get(model.getClass());
            if (m == null) {
                m = model.getClass().getMethod("attIndex");
                ATT_INDEX.put(model.getClass(), m);
            }
            return m;
        }

        /**
         * Numbers the nodes depth first (every child after its parent) and gives a leaf built
         * from no rows its parent's majority class, counting the training rows each node receives
         * only when the tree has such a leaf.
         */
        static List<Node> finish(Node root, byte[] x, byte[] y, int m, int k) {
            List<Node> order = new ArrayList<>();
            number(root, order, new HashSet<>());
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
            StringBuilder feature = new StringBuilder(), cls = new StringBuilder(), children = new StringBuilder();
            for (int i = 0; i < order.size(); i++) {
                Node nd = order.get(i);
                String sep = i > 0 ? "," : "";
                feature.append(sep).append(nd.feature);
                cls.append(sep).append(Math.max(nd.cls, 0));
                children.append(sep).append('[');
                if (nd.feature >= 0) {
                    for (int v = 0; v < nd.children.length; v++) {
                        children.append(v > 0 ? "," : "").append(nd.children[v].id);
                    }
                }
                children.append(']');
            }
            // No counts: they are the training rows reaching each node (the instances carry
            // weight 1), which dtbench counts itself.
            sb.append("{\"feature\":[").append(feature).append("],\"class\":[").append(cls)
                    .append("],\"children\":[").append(children).append("]}");
        }

        static void number(Node nd, List<Node> order, Set<Node> seen) {
            if (!seen.add(nd)) {
                return;
            }
            nd.id = order.size();
            order.add(nd);
            if (nd.children != null) {
                for (Node ch : nd.children) {
                    number(ch, order, seen);
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

    /** A minimal JSON reader for the requests (objects, arrays, strings, numbers, literals). */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String s) {
            Json j = new Json(s);
            Object v = j.value();
            j.ws();
            if (j.i != s.length()) {
                throw new IllegalArgumentException("JSON: trailing text at " + j.i);
            }
            return v;
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
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            ws();
            if (i >= s.length()) {
                throw new IllegalArgumentException("JSON: unexpected end");
            }
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (s.charAt(i) == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        ws();
                        String k = string();
                        ws();
                        expect(':');
                        m.put(k, value());
                        ws();
                        if (s.charAt(i) == ',') {
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
                    if (s.charAt(i) == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        ws();
                        if (s.charAt(i) == ',') {
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
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    String num = s.substring(start, i);
                    if (num.isEmpty()) {
                        throw new IllegalArgumentException("JSON: unexpected '" + c + "' at " + start);
                    }
                    if (num.indexOf('.') < 0 && num.indexOf('e') < 0 && num.indexOf('E') < 0) {
                        return Long.parseLong(num);
                    }
                    return Double.parseDouble(num);
                }
            }
        }

        private void literal(String word) {
            if (!s.startsWith(word, i)) {
                throw new IllegalArgumentException("JSON: bad literal at " + i);
            }
            i += word.length();
        }

        private void expect(char c) {
            if (i >= s.length() || s.charAt(i) != c) {
                throw new IllegalArgumentException("JSON: want '" + c + "' at " + i);
            }
            i++;
        }

        private String string() {
            expect('"');
            int end = i;
            while (end < s.length() && s.charAt(end) != '"' && s.charAt(end) != '\\') {
                end++;
            }
            if (end < s.length() && s.charAt(end) == '"') {
                String out = s.substring(i, end); // no escapes: the base64 codes, most names
                i = end + 1;
                return out;
            }
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'u':
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default: sb.append(e);
                }
            }
        }
    }
}
