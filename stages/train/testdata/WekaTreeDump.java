// WekaTreeDump prints Weka's SimpleCart, RandomTree or J48 tree for each ARFF
// file named (the class is the last attribute), node by node, and the
// results of Weka's 10-fold cross-validation of the same classifier:
//
//	tree NAME
//	depth L class w0 w1 …             a leaf: its class, its class weights
//	depth N index split w0 w1 …       a numeric split: x < split to the first child
//	depth S index v,w,… w0 w1 …       a nominal split (SimpleCart): values of the first child
//	depth M index w0 w1 …             a multiway nominal split (RandomTree, J48): child v for value v
//	depth J index split w0 w1 …       a numeric split of J48: x <= split (within 1e-6) to the first child
//	cv NAME SEED correct mae
//
// in preorder, first child first. The weights are SimpleCart's
// m_Distribution or RandomTree's m_ClassDistribution (a RandomTree inner
// node keeps it only when a child is empty; "-" when it has none) or the
// class weights of J48's local model's distribution (a J48 leaf that no
// training weight reaches, m_isEmpty, has its parent's majority class,
// which J48 predicts there), split
// and weights as Java's Double.toString writes them, which reads back to
// the same double. cv lines come from Evaluation.crossValidateModel(c,
// data, 10, new Random(SEED)), as weka.classifiers.Evaluation's -x 10 -s
// SEED runs it: correct() and meanAbsoluteError(), the latter to 17
// significant digits.
//
//	javac -cp /usr/share/java/weka.jar -d /tmp WekaTreeDump.java
//	java -cp /usr/share/java/weka.jar:/tmp WekaTreeDump CLASS [options] -- NAME=FILE.arff ...
//
// CLASS is SimpleCart, RandomTree, RandomForest or J48 (weka.classifiers.trees;
// a forest prints cv lines only); -seeds 1,2,3
// (before --) chooses the cross-validation seeds (default 1), -classfirst
// takes the first attribute as the class (index then counts the features
// only, as dtbench does).
import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import weka.classifiers.Classifier;
import weka.classifiers.Evaluation;
import weka.classifiers.trees.J48;
import weka.classifiers.trees.RandomForest;
import weka.classifiers.trees.j48.C45Split;
import weka.classifiers.trees.j48.ClassifierSplitModel;
import weka.classifiers.trees.j48.ClassifierTree;
import weka.classifiers.trees.j48.Distribution;
import weka.classifiers.trees.RandomTree;
import weka.classifiers.trees.SimpleCart;
import weka.core.Attribute;
import weka.core.Instances;

public class WekaTreeDump {
  static boolean classFirst; // the class is the first attribute, not the last

  public static void main(String[] args) throws Exception {
    String cls = args[0];
    List<String> opts = new ArrayList<String>();
    String seeds = "1";
    int i = 1;
    for (; i < args.length && !args[i].equals("--"); i++) {
      if (args[i].equals("-seeds")) {
        seeds = args[++i];
      } else if (args[i].equals("-classfirst")) {
        classFirst = true;
      } else {
        opts.add(args[i]);
      }
    }
    for (i++; i < args.length; i++) {
      String[] nf = args[i].split("=", 2);
      Instances data = new Instances(new BufferedReader(new FileReader(nf[1])));
      data.setClassIndex(classFirst ? 0 : data.numAttributes() - 1);
      Classifier c = make(cls, opts);
      c.buildClassifier(data);
      StringBuilder sb = new StringBuilder("tree " + nf[0] + "\n");
      if (c instanceof SimpleCart) {
        cart((SimpleCart) c, 0, sb);
      } else if (c instanceof J48) {
        j48((ClassifierTree) field(J48.class, c, "m_root"), null, 0, sb, data);
      } else if (c instanceof RandomForest) {
        sb.append("# a forest: no tree\n");
      } else {
        Object t = field(RandomTree.class, c, "m_Tree");
        random(t, 0, sb, data);
      }
      System.out.print(sb);
      for (String s : seeds.split(",")) {
        Evaluation e = new Evaluation(data);
        e.crossValidateModel(make(cls, opts), data, 10, new Random(Integer.parseInt(s)));
        System.out.println("cv " + nf[0] + " " + s + " " + (long) e.correct() + " "
            + String.format(Locale.ROOT, "%.17g", e.meanAbsoluteError()));
      }
    }
  }

  static Classifier make(String cls, List<String> opts) throws Exception {
    Classifier c = cls.equals("SimpleCart") ? new SimpleCart()
        : cls.equals("J48") ? new J48()
        : cls.equals("RandomForest") ? new RandomForest() : new RandomTree();
    c.setOptions(opts.toArray(new String[0]));
    return c;
  }

  // index returns the index of att among the features (the attributes
  // without the class).
  static int index(Attribute att) {
    return classFirst ? att.index() - 1 : att.index();
  }

  static int index(int att) {
    return classFirst ? att - 1 : att;
  }

  static Object field(Class<?> k, Object o, String name) throws Exception {
    Field f = k.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }

  static String weights(double[] w) {
    if (w == null) {
      return " -";
    }
    StringBuilder sb = new StringBuilder();
    for (double x : w) {
      sb.append(" " + Double.toString(x));
    }
    return sb.toString();
  }

  static void cart(SimpleCart node, int depth, StringBuilder sb) throws Exception {
    boolean leaf = (Boolean) field(SimpleCart.class, node, "m_isLeaf");
    double[] dist = (double[]) field(SimpleCart.class, node, "m_Distribution");
    if (leaf) {
      double[] p = (double[]) field(SimpleCart.class, node, "m_ClassProbs");
      int best = 0;
      for (int c = 1; c < p.length; c++) {
        if (p[c] > p[best]) {
          best = c;
        }
      }
      sb.append(depth + " L " + best + weights(dist) + "\n");
      return;
    }
    Attribute att = (Attribute) field(SimpleCart.class, node, "m_Attribute");
    if (att.isNumeric()) {
      sb.append(depth + " N " + index(att) + " " + Double.toString((Double) field(SimpleCart.class, node, "m_SplitValue")));
    } else {
      String split = (String) field(SimpleCart.class, node, "m_SplitString");
      sb.append(depth + " S " + index(att) + " ");
      boolean first = true;
      for (int v = 0; v < att.numValues(); v++) {
        if (split.indexOf("(" + att.value(v) + ")") != -1) {
          sb.append((first ? "" : ",") + v);
          first = false;
        }
      }
    }
    sb.append(weights(dist) + "\n");
    SimpleCart[] kids = (SimpleCart[]) field(SimpleCart.class, node, "m_Successors");
    cart(kids[0], depth + 1, sb);
    cart(kids[1], depth + 1, sb);
  }

  static void random(Object node, int depth, StringBuilder sb, Instances data) throws Exception {
    Class<?> k = node.getClass();
    int att = (Integer) field(k, node, "m_Attribute");
    double[] dist = (double[]) field(k, node, "m_ClassDistribution");
    if (att == -1) {
      int best = 0;
      if (dist != null) {
        for (int c = 1; c < dist.length; c++) {
          if (dist[c] > dist[best]) {
            best = c;
          }
        }
      }
      sb.append(depth + " L " + best + weights(dist) + "\n");
      return;
    }
    if (data.attribute(att).isNumeric()) {
      sb.append(depth + " N " + index(att) + " " + Double.toString((Double) field(k, node, "m_SplitPoint")));
    } else {
      sb.append(depth + " M " + index(att));
    }
    sb.append(weights(dist) + "\n");
    Object[] kids = (Object[]) field(k, node, "m_Successors");
    for (Object kid : kids) {
      random(kid, depth + 1, sb, data);
    }
  }

  static void j48(ClassifierTree node, Distribution parent, int depth, StringBuilder sb, Instances data) throws Exception {
    ClassifierSplitModel model = (ClassifierSplitModel) field(ClassifierTree.class, node, "m_localModel");
    Distribution dist = model.distribution();
    double[] w = new double[dist.numClasses()];
    for (int c = 0; c < w.length; c++) {
      w[c] = dist.perClass(c);
    }
    if ((Boolean) field(ClassifierTree.class, node, "m_isLeaf")) {
      boolean empty = (Boolean) field(ClassifierTree.class, node, "m_isEmpty");
      int best = empty && parent != null ? parent.maxClass() : dist.maxClass();
      sb.append(depth + " L " + best + weights(w) + "\n");
      return;
    }
    C45Split split = (C45Split) model;
    int att = (Integer) field(C45Split.class, split, "m_attIndex");
    if (data.attribute(att).isNumeric()) {
      sb.append(depth + " J " + index(att) + " " + Double.toString((Double) field(C45Split.class, split, "m_splitPoint")));
    } else {
      sb.append(depth + " M " + index(att));
    }
    sb.append(weights(w) + "\n");
    for (ClassifierTree kid : (ClassifierTree[]) field(ClassifierTree.class, node, "m_sons")) {
      j48(kid, dist, depth + 1, sb, data);
    }
  }
}
